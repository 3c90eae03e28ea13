/**
 * `npm run forms -- list [--kind contact|support|early-access] [--limit N] [--json]`: the operator reads
 * the public forms people sent (docs/decisions/033), newest first, from the configured database
 * (DATABASE_URL, else the embedded one in DATA_DIR — stop the server first: the embedded database
 * is locked by the running process).
 */
import { parseArgs } from 'node:util'
import { getConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/client.ts'
import { FORM_KINDS, type FormKind } from '../server/forms/schema.ts'
import { listSubmissions } from '../server/forms/service.ts'

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { kind: { type: 'string' }, limit: { type: 'string', default: '50' }, json: { type: 'boolean', default: false } },
})

const usage = 'Usage: npm run forms -- list [--kind contact|support|early-access] [--limit N] [--json]'
if (positionals[0] !== 'list') {
  console.error(usage)
  process.exit(2)
}
const kind = values.kind as FormKind | undefined
if (kind !== undefined && !FORM_KINDS.includes(kind)) {
  console.error(`Unknown kind "${kind}". ${usage}`)
  process.exit(2)
}
const limit = Number(values.limit)
if (!Number.isInteger(limit) || limit < 1) {
  console.error(`--limit must be a positive whole number. ${usage}`)
  process.exit(2)
}

const config = getConfig()
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
try {
  const rows = await listSubmissions(database.db, { kind, limit })
  if (values.json) {
    console.log(JSON.stringify(rows, null, 2))
  } else if (!rows.length) {
    console.log('No form submissions.')
  } else {
    for (const row of rows) {
      console.log(`── ${row.createdAt.toISOString()}  ${row.kind}  ${row.senderName} <${row.senderEmail}>  [${row.locale}]  ${row.id}`)
      for (const [key, value] of Object.entries(row.fields)) console.log(`   ${key}: ${value.replace(/\n/g, '\n     ')}`)
      if (row.orgId) console.log(`   organisation: ${row.orgId}${row.venueId ? `  venue: ${row.venueId}` : ''}${row.uploadId ? `  screenshot: ${row.uploadId}` : ''}`)
    }
  }
} finally {
  await database.close()
}
