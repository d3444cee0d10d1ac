package service

import "context"

// Answer answers one request in-process, with no network, exactly as the
// service answers it over HTTP: the same status and the same body bytes
// (endpoint.Service.Answer, the answer the HTTP handlers give too).
// kind names the endpoint: catalog (GET /v1/catalog, body ignored) or
// combat, compare, advise, vote, import, units (body POSTed as application/json
// to /v1/KIND). ctx cancels the run and carries its progress receiver
// (endpoint.WithProgress). A run whose ctx ends before its answer gets status 499
// (the log's "client gone") and no body.
func (s *Server) Answer(ctx context.Context, kind string, body []byte) (status int, out []byte) {
	return s.core.Answer(ctx, kind, body)
}
