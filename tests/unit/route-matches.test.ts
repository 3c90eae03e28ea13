/**
 * The route matches each document's manifest asks for, matched once per path (app/lib/route-matches.server.ts,
 * docs/decisions/074): the same answers as React Router's own, on a real static handler's context.
 */
import { createStaticHandler, createStaticRouter, type RouteObject } from 'react-router'
import { describe, expect, test } from 'vitest'
import { MAX_REMEMBERED_PATHS, rememberRouteMatches, rememberingMatch } from '../../app/lib/route-matches.server.ts'

// Mise's shape: pathless layouts (signed in, organisation, venue) around most pages.
const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: () => null,
    children: [
      { id: 'login', path: 'login', loader: () => null },
      {
        id: 'authed',
        children: [
          {
            id: 'org',
            children: [
              { id: 'settings', path: 'settings', children: [{ id: 'settings-index', index: true }, { id: 'settings-checklist', path: 'checklists/:checklistId' }] },
              {
                id: 'venue',
                children: [
                  { id: 'home', index: true },
                  { id: 'checklists', path: 'checklists' },
                  { id: 'checklist', path: 'checklists/:checklistId', loader: () => null },
                ],
              },
            ],
          },
        ],
      },
      { id: 'not-found', path: '*' },
    ],
  },
]

async function contextOf(url: string) {
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(`http://mise.test${url}`))
  if (context instanceof Response) throw new Error(`${url}: ${context.status}`)
  return context
}

const ids = (matches: unknown) => (matches as { route: { id: string }; params: Record<string, string> }[] | null)?.map((m) => [m.route.id, m.params])

describe('remembered route matches', () => {
  test('React Router’s static handler context still has the `_match` this relies on', async () => {
    const context = await contextOf('/checklists/abc')
    expect(typeof (context as unknown as { _match?: unknown })._match).toBe('function')
    expect(rememberRouteMatches(context)).toBe(true)
  })

  test('the static router matches the manifest’s ancestor paths as before, from memory the second time', async () => {
    const before = await contextOf('/checklists/abc')
    const plain = createStaticRouter(routes, before)
    const expected = ['/', '/checklists', '/settings', '/checklists/xyz', '/nowhere/at/all'].map((p) => ids(plain.match(p)))
    expect(expected[1]).toEqual([
      ['root', {}],
      ['authed', {}],
      ['org', {}],
      ['venue', {}],
      ['checklists', {}],
    ])

    const context = await contextOf('/checklists/abc')
    let calls = 0
    const original = (context as unknown as { _match: (location: unknown) => unknown })._match
    ;(context as unknown as { _match: unknown })._match = (location: unknown) => {
      calls++
      return original(location)
    }
    expect(rememberRouteMatches(context)).toBe(true)
    const router = createStaticRouter(routes, context)
    for (let round = 0; round < 3; round++) {
      expect(['/', '/checklists', '/settings', '/checklists/xyz', '/nowhere/at/all'].map((p) => ids(router.match(p)))).toEqual(expected)
    }
    expect(calls).toBe(5)
  })

  test('each request handler’s match is wrapped once, and wrapping it again changes nothing', () => {
    const match = (location: unknown) => [location]
    const wrapped = rememberingMatch(match)
    expect(rememberingMatch(match)).toBe(wrapped)
    expect(rememberingMatch(wrapped)).toBe(wrapped)
  })

  test('memory is bounded: past the limit it starts afresh and still answers right', () => {
    let calls = 0
    const wrapped = rememberingMatch((location: unknown) => {
      calls++
      return { location }
    })
    expect(wrapped('/first')).toEqual({ location: '/first' })
    for (let i = 0; i < MAX_REMEMBERED_PATHS; i++) wrapped(`/orders/${i}`)
    expect(calls).toBe(MAX_REMEMBERED_PATHS + 1)
    // The limit was reached: /first is matched again, not answered from a memory that keeps growing.
    expect(wrapped('/first')).toEqual({ location: '/first' })
    expect(calls).toBe(MAX_REMEMBERED_PATHS + 2)
    expect(wrapped('/first')).toEqual({ location: '/first' })
    expect(calls).toBe(MAX_REMEMBERED_PATHS + 2)
  })

  test('locations that are not path strings, and partial matches, are always matched afresh', () => {
    let calls = 0
    const wrapped = rememberingMatch((location: unknown, allowPartial?: boolean) => {
      calls++
      return [location, allowPartial]
    })
    const location = { pathname: '/checklists' }
    wrapped(location)
    wrapped(location)
    wrapped('/checklists', true)
    wrapped('/checklists', true)
    expect(calls).toBe(4)
  })

  test('a context without `_match` is left as it is', () => {
    const context = { matches: [] }
    expect(rememberRouteMatches(context)).toBe(false)
    expect(context).toEqual({ matches: [] })
  })
})
