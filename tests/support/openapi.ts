/**
 * Walking GET /v1/openapi.json from tests: every operation, its path, query and body, and the
 * string fields inside a JSON Schema. Used by the control-character table and the fuzz test, so a
 * route added to the document is covered by both without touching them.
 */

export type Method = 'get' | 'post' | 'put' | 'delete'
const METHODS: Method[] = ['get', 'post', 'put', 'delete']

export interface DocOperation {
  method: Method
  /** With `{param}` placeholders, as documented. */
  path: string
  /** "POST /v1/orgs/{orgId}/venues" */
  key: string
  pathParams: string[]
  /** Query parameters by name, with their JSON Schema. */
  query: Record<string, any>
  /** The JSON body's schema, when the operation takes one. */
  body?: any
  multipart: boolean
  /** Documented statuses (without `default`). */
  statuses: number[]
}

export function docOperations(doc: any): DocOperation[] {
  const out: DocOperation[] = []
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const params: any[] = op.parameters ?? []
      out.push({
        method,
        path,
        key: `${method.toUpperCase()} ${path}`,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        body: op.requestBody?.content?.['application/json']?.schema,
        multipart: Boolean(op.requestBody?.content?.['multipart/form-data']),
        statuses: Object.keys(op.responses ?? {})
          .filter((s) => s !== 'default')
          .map(Number),
      })
    }
  }
  return out
}

/** A string somewhere in a body: its path (`*` for "each element of the array"), and the patterns it must match. */
export interface StringField {
  path: string[]
  patterns: string[]
}

/** Every string a client may send inside a JSON Schema (enums and constants left out: they take only listed values). */
export function stringFields(schema: any, path: string[] = []): StringField[] {
  if (!schema || typeof schema !== 'object') return []
  const out: StringField[] = []
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) out.push(...stringFields(branch, path))
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (types.includes('object') || schema.properties) {
    for (const [key, sub] of Object.entries<any>(schema.properties ?? {})) out.push(...stringFields(sub, [...path, key]))
  }
  if (types.includes('array') && schema.items) out.push(...stringFields(schema.items, [...path, '*']))
  if (types.includes('string') && !schema.enum && schema.const === undefined) {
    const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s: any) => s.pattern)].filter((p): p is string => typeof p === 'string')
    out.push({ path, patterns })
  }
  // The same field reached through two branches (nullable, optional) is one field.
  const seen = new Set<string>()
  return out.filter((f) => {
    const id = f.path.join('.')
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
}

/** A copy of `body` with the field at `path` set to `value` (`*` = a one-element array holding it). */
export function withField(body: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value
  const [head, ...rest] = path
  // The array's first element (when the example has one) keeps its other fields.
  if (head === '*') return [withField(Array.isArray(body) ? body[0] : undefined, rest, value)]
  const base = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  return { ...base, [head!]: withField(base[head!], rest, value) }
}

/**
 * The path with its `{param}`s replaced, each value URL-encoded as a browser would (a lone surrogate
 * becomes U+FFFD); `raw` values go in as they are, for malformed percent-encodings.
 */
export function fillPath(path: string, values: Record<string, string | { raw: string }>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`)
    return typeof value === 'string' ? encodeURIComponent(value.toWellFormed()) : value.raw
  })
}
