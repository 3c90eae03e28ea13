/**
 * POST {org}/recipes/generate (issue #12): pasted text through the built-in parser; a web page read
 * from its JSON-LD or its text, served by a local HTTP server; the refusals that keep the server from
 * fetching what it should not (loopback, private ranges, redirects to them, other schemes, oversized
 * and slow pages); an OpenAI-compatible endpoint faked at its HTTP boundary, with the parser as the
 * fallback on any error or timeout.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { delay } from 'msw'
import { http, HttpResponse } from 'msw/http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fetchPage, isPrivateAddress, PageFetchError } from '../../server/recipes/fetch-page.ts'
import { createTestApp, type TestApp } from '../support/app.ts'
import { useHttpFakes } from '../support/msw.ts'
import { createOrgWithActors, type OrgWithActors } from '../support/orgs.ts'
import { expectError } from './_helpers.ts'

const LLM = 'https://llm.example.test/v1'
const fakes = useHttpFakes()

const JSON_LD_PAGE = `<!doctype html><html><head><title>Lemon tart | Example</title>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage","name":"x"},{"@type":["Recipe"],"name":"Lemon tart &amp; cream","description":"Sharp and sweet.","recipeYield":["8","1 tart"],"prepTime":"PT30M","cookTime":"PT1H5M",
"recipeIngredient":["250 g plain flour","125 g cold butter, diced","4 eggs","150 ml double cream","2 lemons, zest and juice"],
"recipeInstructions":[{"@type":"HowToSection","name":"Pastry","itemListElement":[{"@type":"HowToStep","text":"Rub the butter into the flour."},{"@type":"HowToStep","text":"Blind bake for 15 minutes."}]},{"@type":"HowToStep","text":"Whisk the filling and bake at 150C for 50 minutes."}]}]}</script>
</head><body><h1>Lemon tart</h1><p>Nothing else here.</p></body></html>`

const TEXT_PAGE = `<!doctype html><html><head><title>Abuela's gazpacho</title><style>body{color:red}</style><script>var x = 1</script></head>
<body><nav>Home · Recipes</nav><article><h1>Gazpacho de la abuela</h1><p>Para 4 personas</p>
<h2>Ingredientes</h2><ul><li>1 kg de tomates</li><li>1 pepino</li><li>50 ml de aceite de oliva</li><li>1 cda de vinagre de Jerez</li></ul>
<h2>Preparación</h2><ol><li>Trocea las verduras.</li><li>Tritura todo y enfría.</li></ol></article><footer>© 2026</footer></body></html>`

let server: Server
let base: string
/** The local pages: /jsonld, /text, /big (3 MB), /slow (answers after 3 s), /redirect, /image, and redirects for the fetcher's tests. */
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/jsonld') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(JSON_LD_PAGE)
    if (req.url === '/text') return res.writeHead(200, { 'content-type': 'text/html' }).end(TEXT_PAGE)
    if (req.url === '/big') {
      // No Content-Length: the limit must hold while reading.
      res.writeHead(200, { 'content-type': 'text/html' })
      for (let i = 0; i < 30; i++) res.write('x'.repeat(100_000))
      return res.end()
    }
    if (req.url === '/slow') return void setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(TEXT_PAGE), 3000)
    if (req.url === '/redirect') return res.writeHead(302, { location: '/jsonld' }).end()
    if (req.url === '/image') return res.writeHead(200, { 'content-type': 'image/png' }).end('png')
    // Redirects for the fetcher's own tests: to a name that rebinds, to an internal name or address, to loopback, in a loop.
    const port = (server.address() as AddressInfo).port
    if (req.url === '/hop-rebind') return res.writeHead(302, { location: `http://rebind.example.test:${port}/jsonld` }).end()
    if (req.url === '/hop-internal') return res.writeHead(302, { location: `http://intranet.example.test:${port}/secret` }).end()
    if (req.url === '/hop-literal') return res.writeHead(302, { location: `http://127.0.0.2:${port}/secret` }).end()
    if (req.url === '/to-loopback') return res.writeHead(302, { location: 'http://[::1]:1/jsonld' }).end()
    if (req.url === '/gzip') return res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(TEXT_PAGE))
    // 3 MB of HTML squeezed into a few kilobytes: the limit counts what it unpacks to.
    if (req.url === '/gzip-bomb') return res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync('x'.repeat(3_000_000)))
    if (req.url?.startsWith('/loop')) return res.writeHead(302, { location: `${req.url}x` }).end()
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('the default app (private addresses refused, no LLM endpoint)', () => {
  let t: TestApp
  let o: OrgWithActors
  beforeAll(async () => {
    t = await createTestApp()
    o = await createOrgWithActors(t)
  }, 180_000)
  afterAll(() => t.close())
  const generate = (body: unknown) => o.admin.client.post(`/v1/orgs/${o.orgId}/recipes/generate`, body)

  test('pasted text gives a draft from the built-in parser, saved nowhere', async () => {
    const res = await generate({ text: 'Tortilla\n\nPara 4 personas\n\nIngredientes\n- 1 kg de patatas\n- 6 huevos\n- 1 1/2 cebollas\n\nPreparación\n1. Fríe.\n2. Cuaja.' })
    expect(res.status, res.text).toBe(200)
    expect(res.json.source).toBe('parser')
    expect(res.json.draft).toMatchObject({
      name: 'Tortilla',
      portions: 4,
      ingredients: [
        { type: 'ingredient', quantity: 1, unit: 'kg', name: 'patatas' },
        { type: 'ingredient', quantity: 6, unit: '', name: 'huevos' },
        { type: 'ingredient', quantity: 1.5, unit: '', name: 'cebollas' },
      ],
      steps: ['Fríe.', 'Cuaja.'],
      allergens: { eggs: 'contains' },
    })
    expect((await o.admin.client.get(`/v1/orgs/${o.orgId}/recipes`)).json.recipes).toEqual([])
  })

  test('one of text and url, and only ADMIN and up', async () => {
    expect(expectError(await generate({}), 'ValidationError')!.text).toBeDefined()
    expect(expectError(await generate({ text: 'x', url: 'https://example.com' }), 'ValidationError')!.text).toBeDefined()
    expectError(await o.basic.client.post(`/v1/orgs/${o.orgId}/recipes/generate`, { text: 'Soup' }), 'ForbiddenError')
  })

  test.each([
    ['loopback by address', () => `${base}/jsonld`, 'private network'],
    ['loopback by name', () => `http://localhost:${new URL(base).port}/jsonld`, 'private network'],
    ['IPv6 loopback', () => 'http://[::1]/', 'private network'],
    ['a private range', () => 'http://10.1.2.3/recipe', 'private network'],
    ['another private range', () => 'http://192.168.1.10/recipe', 'private network'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', 'private network'],
    ['a file', () => 'file:///etc/passwd', 'http:// or https://'],
    ['FTP', () => 'ftp://example.com/recipe.txt', 'http:// or https://'],
    ['JavaScript', () => 'javascript:alert(1)', 'http:// or https://'],
    ['credentials in the address', () => 'http://user:pass@example.com/', 'http:// or https://'],
  ])('refused: %s', async (_what, url, message) => {
    const res = await generate({ url: url() })
    expect(expectError(res, 'ValidationError')!.url).toContain(message)
  })
})

describe('the fetcher itself: one resolution per hop, checked, and the connection goes to it', () => {
  /*
   * The test's own server on 127.0.0.1 plays a public web site: these tests refuse every private
   * address except that one. A second server on 127.0.0.2, same port, plays the internal service an
   * attacker is after; it must never be reached.
   */
  const publicHere = (ip: string) => ip !== '127.0.0.1' && isPrivateAddress(ip)
  let internal: Server
  let internalHits: string[]
  let port: number
  beforeAll(async () => {
    port = Number(new URL(base).port)
    internalHits = []
    internal = createServer((req, res) => {
      internalHits.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>internal secrets</h1>')
    })
    await new Promise<void>((resolve, reject) => internal.once('error', reject).listen(port, '127.0.0.2', resolve))
  })
  afterAll(() => new Promise<void>((resolve) => internal.close(() => resolve())))

  /** A resolver for `names`: each call answers the next address of the name's list (the last one again after that). */
  function resolver(names: Record<string, string[]>) {
    const calls: string[] = []
    const lookup = async (host: string) => {
      calls.push(host)
      const answers = names[host] ?? []
      const seen = calls.filter((h) => h === host).length
      return answers.length ? [answers[Math.min(seen, answers.length) - 1]!] : []
    }
    return { lookup, calls }
  }

  test('DNS rebinding: a name answering a public address, then a loopback one, is fetched from the public one and resolved once', async () => {
    const { lookup, calls } = resolver({ 'rebind.example.test': ['127.0.0.1', '127.0.0.2'] })
    const page = await fetchPage(`http://rebind.example.test:${port}/text`, { allowPrivate: false, lookup, isForbiddenAddress: publicHere })
    expect(page.html).toContain('Gazpacho de la abuela')
    expect(calls).toEqual(['rebind.example.test'])
    expect(internalHits).toEqual([])
    // The same name asked again now answers the internal address, and is refused before any connection.
    await expect(fetchPage(`http://rebind.example.test:${port}/text`, { allowPrivate: false, lookup, isForbiddenAddress: publicHere })).rejects.toMatchObject({ reason: 'private' })
    expect(internalHits).toEqual([])
  })

  test('every redirect hop is resolved and checked again: a rebinding name after a redirect is pinned too', async () => {
    const { lookup, calls } = resolver({ 'recipes.example.test': ['127.0.0.1'], 'rebind.example.test': ['127.0.0.1', '127.0.0.2'] })
    const page = await fetchPage(`http://recipes.example.test:${port}/hop-rebind`, { allowPrivate: false, lookup, isForbiddenAddress: publicHere })
    expect(page.url).toBe(`http://rebind.example.test:${port}/jsonld`)
    expect(page.html).toContain('Lemon tart')
    expect(calls).toEqual(['recipes.example.test', 'rebind.example.test'])
    const internalName = resolver({ 'recipes.example.test': ['127.0.0.1'], 'intranet.example.test': ['127.0.0.2'] })
    await expect(fetchPage(`http://recipes.example.test:${port}/hop-internal`, { allowPrivate: false, lookup: internalName.lookup, isForbiddenAddress: publicHere })).rejects.toMatchObject({ reason: 'private' })
    await expect(fetchPage(`http://recipes.example.test:${port}/hop-literal`, { allowPrivate: false, lookup, isForbiddenAddress: publicHere })).rejects.toMatchObject({ reason: 'private' })
    expect(internalHits).toEqual([])
  })

  test('a public page redirecting to a loopback address is refused before it is fetched; a public redirect is followed', async () => {
    const { lookup } = resolver({ 'recipes.example.test': ['127.0.0.1'] })
    const error = await fetchPage(`http://recipes.example.test:${port}/to-loopback`, { allowPrivate: false, lookup, isForbiddenAddress: publicHere }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PageFetchError)
    expect((error as PageFetchError).reason).toBe('private')
    const page = await fetchPage(`http://recipes.example.test:${port}/redirect`, { allowPrivate: false, lookup, isForbiddenAddress: publicHere })
    expect(page.url).toBe(`http://recipes.example.test:${port}/jsonld`)
    // A compressed page is unpacked, and its limit counts the unpacked bytes.
    expect((await fetchPage(`http://recipes.example.test:${port}/gzip`, { allowPrivate: false, lookup, isForbiddenAddress: publicHere })).html).toBe(TEXT_PAGE)
    await expect(fetchPage(`http://recipes.example.test:${port}/gzip-bomb`, { allowPrivate: false, lookup, isForbiddenAddress: publicHere })).rejects.toMatchObject({ reason: 'tooLarge' })
    // Too many redirects.
    await expect(fetchPage(`http://recipes.example.test:${port}/loop`, { allowPrivate: false, lookup, isForbiddenAddress: publicHere })).rejects.toMatchObject({ reason: 'unreachable' })
  })

  test('a name with any private address among its answers is refused without connecting; so is a name that does not resolve', async () => {
    await expect(fetchPage('http://intranet.example.test/', { allowPrivate: false, lookup: async () => ['93.184.216.34', '10.0.0.5'] })).rejects.toMatchObject({ reason: 'private' })
    await expect(fetchPage('http://intranet.example.test/', { allowPrivate: false, lookup: async () => ['93.184.216.34', '::ffff:7f00:1'] })).rejects.toMatchObject({ reason: 'private' })
    await expect(fetchPage('http://nowhere.example.test/', { allowPrivate: false, lookup: async () => [] })).rejects.toMatchObject({ reason: 'unreachable' })
    await expect(
      fetchPage('http://nowhere.example.test/', {
        allowPrivate: false,
        lookup: async () => {
          throw new Error('ENOTFOUND')
        },
      }),
    ).rejects.toMatchObject({ reason: 'unreachable' })
  })

  test.each([
    ['127.0.0.1', true],
    ['10.0.0.1', true],
    ['172.20.1.1', true],
    ['192.168.0.1', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:10.0.0.1', true],
    ['::127.0.0.1', true],
    ['::', true],
    ['fc00::1', true],
    ['fec0::1', true],
    ['ff02::1', true],
    ['64:ff9b::a9fe:a9fe', true],
    ['2002:7f00:1::1', true],
    ['2001:0:4136:e378::1', true],
    ['169.254.169.254', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['198.18.0.1', true],
    ['not-an-address', true],
    ['::ffff:93.184.216.34', false],
    ['2002:5db8:d822::1', false],
    ['93.184.216.34', false],
    ['2606:2800:220:1::1', false],
  ])('%s is private: %s', (ip, want) => expect(isPrivateAddress(ip)).toBe(want))
})

describe('with private addresses allowed (self-hosting) and an LLM endpoint configured', () => {
  let t: TestApp
  let o: OrgWithActors
  beforeAll(async () => {
    t = await createTestApp({
      RECIPE_IMPORT_ALLOW_PRIVATE: 'true',
      RECIPE_IMPORT_TIMEOUT_MS: '1000',
      RECIPE_IMPORT_MAX_BYTES: '1000000',
      RECIPE_LLM_BASE_URL: LLM,
      RECIPE_LLM_API_KEY: 'test-key',
      RECIPE_LLM_MODEL: 'tiny',
      RECIPE_LLM_TIMEOUT_MS: '500',
    })
    o = await createOrgWithActors(t)
  }, 180_000)
  afterAll(() => t.close())
  const generate = (body: unknown) => o.admin.client.post(`/v1/orgs/${o.orgId}/recipes/generate`, body)

  test('a page with schema.org/Recipe JSON-LD is read from it (after a redirect), the LLM not asked', async () => {
    const res = await generate({ url: `${base}/redirect` })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toMatchObject({
      source: 'jsonld',
      draft: {
        name: 'Lemon tart & cream',
        description: 'Sharp and sweet.',
        portions: 8,
        prepMinutes: 30,
        cookMinutes: 65,
        steps: ['Rub the butter into the flour.', 'Blind bake for 15 minutes.', 'Whisk the filling and bake at 150C for 50 minutes.'],
        allergens: { gluten: 'contains', milk: 'contains', eggs: 'contains' },
      },
    })
    expect(res.json.draft.ingredients[1]).toEqual({ type: 'ingredient', quantity: 125, quantityMax: null, unit: 'g', name: 'cold butter', note: 'diced' })
  })

  test('a page without JSON-LD is read from its text; the LLM failing, the built-in parser answers', async () => {
    let asked = 0
    fakes.use(
      http.post(`${LLM}/chat/completions`, () => {
        asked++
        return HttpResponse.json({ error: 'overloaded' }, { status: 503 })
      }),
    )
    const res = await generate({ url: `${base}/text` })
    expect(res.status, res.text).toBe(200)
    expect(asked).toBe(1)
    expect(res.json.source).toBe('parser')
    expect(res.json.draft).toMatchObject({
      name: 'Gazpacho de la abuela',
      portions: 4,
      ingredients: [
        { quantity: 1, unit: 'kg', name: 'tomates' },
        { quantity: 1, unit: '', name: 'pepino' },
        { quantity: 50, unit: 'ml', name: 'aceite de oliva' },
        { quantity: 1, unit: 'cda', name: 'vinagre de Jerez' },
      ],
      steps: ['Trocea las verduras.', 'Tritura todo y enfría.'],
      allergens: { sulphites: 'contains' },
    })
    expect(JSON.stringify(res.json.draft)).not.toMatch(/var x|color:red|Home · Recipes/)
  })

  test('text goes to the configured endpoint, with its key and model', async () => {
    let seen: any
    fakes.use(
      http.post(`${LLM}/chat/completions`, async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), body: await request.json() }
        const draft = {
          name: 'Salmorejo',
          description: '',
          yieldQuantity: null,
          yieldUnit: '',
          portions: 4,
          prepMinutes: 15,
          cookMinutes: null,
          ingredients: [
            { section: 'Base', quantity: 1, quantityMax: null, unit: 'kg', name: 'tomates', note: '' },
            { section: 'Base', quantity: 200, quantityMax: null, unit: 'g', name: 'pan', note: 'del día anterior' },
          ],
          steps: ['Tritura.'],
        }
        return HttpResponse.json({ choices: [{ message: { role: 'assistant', content: JSON.stringify(draft) } }] })
      }),
    )
    const res = await generate({ text: 'salmorejo: 1 kilo de tomates, 200 g de pan duro; triturar' })
    expect(res.status, res.text).toBe(200)
    expect(seen.auth).toBe('Bearer test-key')
    expect(seen.body.model).toBe('tiny')
    expect(seen.body.messages[1].content).toContain('salmorejo')
    expect(res.json).toMatchObject({
      source: 'llm',
      draft: {
        name: 'Salmorejo',
        portions: 4,
        ingredients: [{ type: 'section', name: 'Base' }, { quantity: 1, unit: 'kg', name: 'tomates' }, { quantity: 200, unit: 'g', name: 'pan', note: 'del día anterior' }],
        allergens: { gluten: 'contains' },
      },
    })
  })

  test.each([
    ['answers too slowly', () => http.post(`${LLM}/chat/completions`, async () => {
      await delay(2000)
      return HttpResponse.json({})
    })],
    ['answers something that is not a recipe', () => http.post(`${LLM}/chat/completions`, () => HttpResponse.json({ choices: [{ message: { content: '{"nope": true}' } }] }))],
    ['answers with something that is not JSON', () => http.post(`${LLM}/chat/completions`, () => HttpResponse.text('<html>gateway</html>'))],
  ])('the endpoint %s: the built-in parser answers', async (_what, handler) => {
    fakes.use(handler())
    const res = await generate({ text: 'Soup\n\nIngredients\n- 1 l stock\n- 2 carrots\n\nMethod\n1. Simmer.' })
    expect(res.status, res.text).toBe(200)
    expect(res.json.source).toBe('parser')
    expect(res.json.draft.ingredients).toHaveLength(2)
  })

  test('oversized, slow and non-HTML pages are refused with a clear message', async () => {
    expect(expectError(await generate({ url: `${base}/big` }), 'ValidationError')!.url).toBe('The page is too large to import')
    expect(expectError(await generate({ url: `${base}/slow` }), 'ValidationError')!.url).toBe('The page took too long to answer')
    expect(expectError(await generate({ url: `${base}/image` }), 'ValidationError')!.url).toBe('This address is not a web page')
    expect(expectError(await generate({ url: `${base}/missing` }), 'ValidationError')!.url).toBe('The page answered with an error')
  })
})
