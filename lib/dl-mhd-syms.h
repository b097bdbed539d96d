/*
 * dl-mhd-syms.h -- every libmicrohttpd function trigon calls (lib/http.c),
 * as an X-macro list for lib/dl-mhd.c: DL_FNR(return type, name,
 * (parameters), (arguments)), DL_FNV for void.  The prototypes are those
 * of <microhttpd.h>; a wrong one does not compile.  MHD_start_daemon,
 * variadic, is written out in dl-mhd.c.  No include guard.
 */
DL_FNR(enum MHD_Result, MHD_add_response_header, (struct MHD_Response *response, const char *header, const char *content), (response, header, content))
DL_FNR(struct MHD_Response *, MHD_create_response_from_buffer, (size_t size, void *buffer, enum MHD_ResponseMemoryMode mode), (size, buffer, mode))
DL_FNV(void, MHD_destroy_response, (struct MHD_Response *response), (response))
DL_FNR(const char *, MHD_lookup_connection_value, (struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key), (connection, kind, key))
DL_FNR(enum MHD_Result, MHD_queue_response, (struct MHD_Connection *connection, unsigned int status_code, struct MHD_Response *response), (connection, status_code, response))
DL_FNV(void, MHD_stop_daemon, (struct MHD_Daemon *daemon), (daemon))
