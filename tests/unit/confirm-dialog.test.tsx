import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buttonClasses } from '../../app/components/ui/button.tsx';
import { ConfirmForm, DEFAULT_CONFIRM_TITLE, canConfirm, exactPattern, type ConfirmFormProps } from '../../app/components/ui/confirm-dialog.tsx';
import { CLOSED_CONFIRM, confirmReducer, type ConfirmState } from '../../app/components/ui/confirm-modal.tsx';

function render(ui: ReactNode, url = '/settings/general?tab=danger'): string {
  const Stub = createRoutesStub([{ path: '/settings/general', Component: () => ui }]);
  return renderToString(<Stub initialEntries={[url]} />);
}

function tags(html: string, tag: string): string[] {
  return html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? [];
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
}

const base: ConfirmFormProps = {
  trigger: 'Delete organisation',
  title: 'Delete “Acme”?',
  description: 'This removes every venue and record.',
  confirmLabel: 'Delete',
  cancelLabel: 'Cancel',
  intent: 'delete',
  action: '/settings/general',
  hiddenFields: { id: 'org_1', skipped: undefined, count: 3 },
};

describe('canConfirm', () => {
  it('is true when no text is required', () => {
    expect(canConfirm('', undefined)).toBe(true);
    expect(canConfirm('anything', null)).toBe(true);
    expect(canConfirm('', '')).toBe(true);
  });

  it('is true only on an exact match', () => {
    expect(canConfirm('Acme Ltd', 'Acme Ltd')).toBe(true);
    expect(canConfirm('', 'Acme Ltd')).toBe(false);
    expect(canConfirm('acme ltd', 'Acme Ltd')).toBe(false);
    expect(canConfirm('Acme Ltd ', 'Acme Ltd')).toBe(false);
    expect(canConfirm(' Acme Ltd', 'Acme Ltd')).toBe(false);
    expect(canConfirm('Acme', 'Acme Ltd')).toBe(false);
    expect(canConfirm('Acme Ltd.', 'Acme Ltd')).toBe(false);
  });
});

describe('exactPattern', () => {
  it('matches only the exact text, also with regex characters', () => {
    for (const text of ['Acme Ltd', 'Café (Main) [1] $5.00 a+b?', 'a|b', 'x\\y/z', 'Bar {2} ^ *']) {
      const re = new RegExp(`^(?:${exactPattern(text)})$`, 'v');
      expect(re.test(text)).toBe(true);
      expect(re.test(`${text}x`)).toBe(false);
      expect(re.test(text.slice(1))).toBe(false);
    }
  });
});

describe('confirmReducer', () => {
  const closed: ConfirmState<{ title?: string; id?: number }> = CLOSED_CONFIRM;

  it('starts closed', () => {
    expect(closed).toEqual({ open: false, data: null });
  });

  it('opening uses the default title unless another is given', () => {
    expect(confirmReducer(closed, { type: 'open', data: { id: 1 } }, '¿Estás seguro?')).toEqual({
      open: true,
      data: { id: 1, title: '¿Estás seguro?' },
    });
    expect(confirmReducer(closed, { type: 'open', data: { id: 1, title: 'Delete it?' } }, 'Are you sure?')).toEqual({
      open: true,
      data: { id: 1, title: 'Delete it?' },
    });
    expect(confirmReducer(closed, { type: 'open', data: {} })).toEqual({
      open: true,
      data: { title: DEFAULT_CONFIRM_TITLE },
    });
    expect(DEFAULT_CONFIRM_TITLE).toBe('Are you sure?');
  });

  it('clearing closes it', () => {
    const open = confirmReducer(closed, { type: 'open', data: { id: 2 } }, 'Sure?');
    expect(confirmReducer(open, { type: 'close' }, 'Sure?')).toEqual({ open: false, data: null });
    expect(confirmReducer(open, { type: 'open', data: null }, 'Sure?')).toEqual({ open: false, data: null });
    expect(confirmReducer(open, { type: 'open', data: undefined }, 'Sure?')).toEqual({ open: false, data: null });
  });

  it('opening again replaces the data', () => {
    const first = confirmReducer(closed, { type: 'open', data: { id: 1, title: 'One?' } }, 'Sure?');
    expect(confirmReducer(first, { type: 'open', data: { id: 2 } }, 'Sure?')).toEqual({
      open: true,
      data: { id: 2, title: 'Sure?' },
    });
  });
});

describe('<ConfirmForm> (server render, no JavaScript)', () => {
  it('renders a <details> disclosure with a summary trigger and a post form', () => {
    const html = render(<ConfirmForm {...base} />);
    expect(html).toMatch(/^<details/);
    expect(html).toMatch(/<summary[^>]*>Delete organisation<\/summary>/);
    expect(html).not.toContain('<dialog');
    const [form] = tags(html, 'form');
    expect(form).toBeDefined();
    expect(attr(form!, 'method')).toBe('post');
    expect(attr(form!, 'action')).toBe('/settings/general');
    expect(html).toContain('Delete “Acme”?');
    expect(html).toContain('This removes every venue and record.');
  });

  it('renders the hidden fields and the intent submit button', () => {
    const html = render(<ConfirmForm {...base} />);
    const hidden = tags(html, 'input').filter((t) => attr(t, 'type') === 'hidden');
    expect(hidden.map((t) => [attr(t, 'name'), attr(t, 'value')])).toEqual([
      ['id', 'org_1'],
      ['count', '3'],
    ]);
    const submit = tags(html, 'button').find((t) => attr(t, 'type') === 'submit');
    expect(submit).toBeDefined();
    expect(attr(submit!, 'name')).toBe('intent');
    expect(attr(submit!, 'value')).toBe('delete');
    // Without JavaScript the server checks; the button is not disabled.
    expect(submit).not.toMatch(/\sdisabled=""/);
  });

  it('has no type-to-confirm box unless confirmText is given', () => {
    const html = render(<ConfirmForm {...base} />);
    expect(tags(html, 'input').some((t) => attr(t, 'name') === 'confirm')).toBe(false);
  });

  it('renders a labelled, required input name="confirm" matching confirmText exactly', () => {
    const html = render(<ConfirmForm {...base} confirmText="Acme (UK)" typeLabel="Type the organisation name" />);
    const input = tags(html, 'input').find((t) => attr(t, 'name') === 'confirm');
    expect(input).toBeDefined();
    expect(input).toMatch(/\srequired=""/);
    expect(attr(input!, 'pattern')).toBe('Acme \\(UK\\)');
    expect(attr(input!, 'autocomplete')).toBe('off');
    const id = attr(input!, 'id');
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}"`);
    expect(html).toContain('Type the organisation name');
  });

  it('styles the confirm button as alert when dangerous', () => {
    const html = render(<ConfirmForm {...base} dangerous />);
    const submit = tags(html, 'button').find((t) => attr(t, 'type') === 'submit')!;
    expect(attr(submit, 'class')).toBe(buttonClasses({ variant: 'alert' }));
    const summary = tags(html, 'summary')[0]!;
    expect(attr(summary, 'class')).toContain(buttonClasses({ variant: 'alert_border' }));
  });

  it('styles the confirm button as primary when not dangerous', () => {
    const html = render(<ConfirmForm {...base} />);
    const submit = tags(html, 'button').find((t) => attr(t, 'type') === 'submit')!;
    expect(attr(submit, 'class')).toBe(buttonClasses({ variant: 'primary' }));
  });

  it('uses the translated default title when no title is given', () => {
    const html = render(<ConfirmForm {...base} title={undefined} defaultTitle="¿Estás seguro?" />);
    expect(html).toMatch(/<h2 id="[^"]+"[^>]*>¿Estás seguro\?<\/h2>/);
  });

  it('labels the panel by its title and offers a cancel link back to the page', () => {
    const html = render(<ConfirmForm {...base} />);
    const group = tags(html, 'div').find((t) => attr(t, 'role') === 'group')!;
    const titleId = attr(group, 'aria-labelledby');
    expect(html).toContain(`<h2 id="${titleId}"`);
    expect(html).toMatch(/<a href="\/settings\/general\?tab=danger"[^>]*>Cancel<\/a>/);
  });
});
