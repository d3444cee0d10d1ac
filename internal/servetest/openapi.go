package servetest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"mime"
	"slices"
	"strconv"
	"strings"
)

// OpenAPI is the part of an OpenAPI 3.1 description that Check reads: the
// operations' responses, the responses of requests no operation takes
// (x-unrouted-responses) and the component schemas.
type OpenAPI struct {
	Paths      map[string]map[string]Operation `json:"paths"`
	Unrouted   map[string]Response             `json:"x-unrouted-responses"`
	Components struct {
		Schemas map[string]*Schema `json:"schemas"`
	} `json:"components"`
}

// Operation is one method on one path.
type Operation struct {
	RequestBody *struct {
		Content map[string]struct {
			Schema *Schema `json:"schema"`
		} `json:"content"`
	} `json:"requestBody"`
	Responses map[string]Response `json:"responses"`
}

// Response is one documented status: its body by media type.
type Response struct {
	Content map[string]struct {
		Schema *Schema `json:"schema"`
	} `json:"content"`
}

// Schema is the JSON Schema subset the descriptions use: $ref (to
// #/components/schemas/NAME), type (one or a list), enum, properties,
// required, additionalProperties (false or a schema), items, oneOf and
// minimum/maximum.
type Schema struct {
	Ref                  string             `json:"$ref"`
	Type                 json.RawMessage    `json:"type"`
	Enum                 []json.RawMessage  `json:"enum"`
	Properties           map[string]*Schema `json:"properties"`
	Required             []string           `json:"required"`
	AdditionalProperties json.RawMessage    `json:"additionalProperties"`
	Items                *Schema            `json:"items"`
	OneOf                []*Schema          `json:"oneOf"`
	Minimum              *float64           `json:"minimum"`
	Maximum              *float64           `json:"maximum"`
}

// ReadOpenAPI decodes a description.
func ReadOpenAPI(doc []byte) (*OpenAPI, error) {
	var d OpenAPI
	if err := json.Unmarshal(doc, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// Check reports what is wrong with an answer to method on the path pattern
// (e.g. /v1/schema/{name}; "" for a request no operation takes): its
// status must be documented for the operation (or in
// x-unrouted-responses), its media type among the status's, and its body
// (each line of an application/x-ndjson body) must fit the schema.
func (d *OpenAPI) Check(method, pattern string, status int, contentType string, body []byte) error {
	resp, ok := d.Unrouted[strconv.Itoa(status)]
	if op, routed := d.Paths[pattern][strings.ToLower(method)]; routed {
		resp, ok = op.Responses[strconv.Itoa(status)]
	}
	if !ok {
		return fmt.Errorf("%s %s: status %d not documented", method, pattern, status)
	}
	mt, _, err := mime.ParseMediaType(contentType)
	media, ok := resp.Content[mt]
	if err != nil || !ok || media.Schema == nil {
		return fmt.Errorf("%s %s %d: Content-Type %q not documented", method, pattern, status, contentType)
	}
	if !strings.HasSuffix(mt, "json") {
		return nil // a page's file: its media type is all there is to check
	}
	values := [][]byte{body}
	if mt == "application/x-ndjson" {
		values = nil
		lines := bufio.NewScanner(bytes.NewReader(body))
		lines.Buffer(nil, 64<<20)
		for lines.Scan() {
			values = append(values, slices.Clone(lines.Bytes()))
		}
	}
	for _, v := range values {
		if err := d.Validate(media.Schema, v); err != nil {
			return fmt.Errorf("%s %s %d: %v", method, pattern, status, err)
		}
	}
	return nil
}

// Validate reports where the JSON value v does not fit sc.
func (d *OpenAPI) Validate(sc *Schema, v []byte) error {
	var x any
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	if err := dec.Decode(&x); err != nil {
		return fmt.Errorf("not JSON: %v", err)
	}
	return d.validate(sc, x, "$")
}

func (d *OpenAPI) validate(sc *Schema, x any, at string) error {
	if sc.Ref != "" {
		name, ok := strings.CutPrefix(sc.Ref, "#/components/schemas/")
		ref := d.Components.Schemas[name]
		if !ok || ref == nil {
			return fmt.Errorf("%s: $ref %s names no component schema", at, sc.Ref)
		}
		return d.validate(ref, x, at)
	}
	if sc.OneOf != nil {
		n := 0
		for _, b := range sc.OneOf {
			if d.validate(b, x, at) == nil {
				n++
			}
		}
		if n != 1 {
			return fmt.Errorf("%s: fits %d of oneOf's %d schemas, want 1", at, n, len(sc.OneOf))
		}
	}
	if err := sc.checkTypeEnum(x, at); err != nil {
		return err
	}
	switch x := x.(type) {
	case json.Number:
		f, _ := x.Float64()
		if sc.Minimum != nil && f < *sc.Minimum || sc.Maximum != nil && f > *sc.Maximum {
			return fmt.Errorf("%s: %s out of range", at, x)
		}
	case []any:
		for i, e := range x {
			if sc.Items != nil {
				if err := d.validate(sc.Items, e, fmt.Sprintf("%s[%d]", at, i)); err != nil {
					return err
				}
			}
		}
	case map[string]any:
		return d.validateObject(sc, x, at)
	}
	return nil
}

// validateObject checks an object's required, properties and
// additionalProperties.
func (d *OpenAPI) validateObject(sc *Schema, x map[string]any, at string) error {
	for _, k := range sc.Required {
		if _, ok := x[k]; !ok {
			return fmt.Errorf("%s: %q required", at, k)
		}
	}
	var extra *Schema
	closed := string(sc.AdditionalProperties) == "false"
	if len(sc.AdditionalProperties) > 0 && !closed && string(sc.AdditionalProperties) != "true" {
		extra = &Schema{}
		if err := json.Unmarshal(sc.AdditionalProperties, extra); err != nil {
			return fmt.Errorf("%s: additionalProperties: %v", at, err)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(x)) {
		ps, ok := sc.Properties[k]
		switch {
		case ok:
		case closed:
			return fmt.Errorf("%s: property %q not allowed", at, k)
		case extra != nil:
			ps = extra
		default:
			continue
		}
		if err := d.validate(ps, x[k], at+"."+k); err != nil {
			return err
		}
	}
	return nil
}

// checkTypeEnum checks x against sc's type and enum.
func (sc *Schema) checkTypeEnum(x any, at string) error {
	if len(sc.Type) > 0 {
		var types []string
		if json.Unmarshal(sc.Type, &types) != nil {
			var one string
			if err := json.Unmarshal(sc.Type, &one); err != nil {
				return fmt.Errorf("%s: type %s: %v", at, sc.Type, err)
			}
			types = []string{one}
		}
		if !slices.Contains(types, typeOf(x)) && !(typeOf(x) == "integer" && slices.Contains(types, "number")) {
			return fmt.Errorf("%s: %s, want %s", at, typeOf(x), strings.Join(types, " or "))
		}
	}
	if sc.Enum != nil {
		got, _ := json.Marshal(x)
		for _, e := range sc.Enum {
			if string(got) == strings.TrimSpace(string(e)) {
				return nil
			}
		}
		return fmt.Errorf("%s: %s not among the enum", at, got)
	}
	return nil
}

// typeOf is the JSON Schema type of a decoded value.
func typeOf(x any) string {
	switch x := x.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	}
	return "object"
}
