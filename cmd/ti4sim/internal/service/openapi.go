package service

import _ "embed"

// openAPIDocument is the OpenAPI 3.1 description of the service, answered
// by GET /v1/openapi.json. It is written by hand; TestOpenAPIMatchesRoutes
// keeps it true to the routes and the statuses they answer.
//
//go:embed openapi.json
var openAPIDocument []byte
