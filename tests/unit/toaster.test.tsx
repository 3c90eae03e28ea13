import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { addToast, MAX_TOASTS, Toaster, type Toast } from '../../app/components/toaster'

const toast = (n: number): Toast => ({ id: `t${n}`, type: 'success', title: `Saved ${n}` })

describe('toasts', () => {
  test('at most three at once: the newest stay', () => {
    let list: Toast[] = []
    for (let n = 1; n <= 5; n++) list = addToast(list, toast(n))
    expect(MAX_TOASTS).toBe(3)
    expect(list.map((t) => t.id)).toEqual(['t3', 't4', 't5'])
  })

  test('as the server draws it (no JavaScript yet) the toast is a banner in the page flow, not floating over it, and does not fade', () => {
    const html = renderToString(<Toaster toast={toast(1)} closeLabel="Close" />)
    expect(html).toContain('Saved 1')
    expect(html).not.toMatch(/class="[^"]*\bfixed\b/)
    expect(html).not.toContain('animate-toast-out')
    expect(html).toContain('role="status"')
  })
})
