import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  BUTTON_VARIANTS,
  Button,
  ButtonLink,
  buttonClasses,
  type ButtonVariant,
} from '../../app/components/ui/button.tsx';

function attr(html: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(html)?.[1];
}

function classesOf(html: string): string[] {
  return (attr(html, 'class') ?? '').split(/\s+/).filter(Boolean);
}

describe('buttonClasses', () => {
  it('defaults to basic, lg, fit, squared', () => {
    expect(buttonClasses()).toBe(buttonClasses({ variant: 'basic', size: 'lg', width: 'fit', corners: 'squared' }));
    const classes = buttonClasses().split(' ');
    expect(classes).toEqual(expect.arrayContaining(['bg-gray-100', 'min-h-11', 'w-fit', 'rounded-md']));
    expect(classes).not.toContain('rounded-full');
  });

  it('gives every variant its own classes', () => {
    const all = BUTTON_VARIANTS.map((variant) => buttonClasses({ variant }));
    expect(new Set(all).size).toBe(BUTTON_VARIANTS.length);
    const expected: Record<ButtonVariant, string> = {
      primary: 'bg-blue-700',
      primary_border: 'border-blue-700',
      warning: 'bg-amber-400',
      alert: 'bg-red-700',
      alert_border: 'border-red-700',
      basic: 'bg-gray-100',
      basic_border: 'border-gray-500',
      ghost: 'bg-transparent',
    };
    for (const variant of BUTTON_VARIANTS) {
      expect(buttonClasses({ variant }).split(' ')).toContain(expected[variant]);
    }
  });

  it('maps sizes, widths and corners', () => {
    expect(buttonClasses({ size: 'sm' })).toContain('min-h-8');
    expect(buttonClasses({ size: 'md' })).toContain('min-h-10');
    expect(buttonClasses({ size: 'xl' })).toContain('min-h-14');
    expect(buttonClasses({ width: 'full' }).split(' ')).toContain('w-full');
    expect(buttonClasses({ width: 'wide' }).split(' ')).toContain('min-w-40');
    expect(buttonClasses({ width: 'square', size: 'lg' }).split(' ')).toContain('size-11');
    expect(buttonClasses({ corners: 'rounded' }).split(' ')).toContain('rounded-full');
  });

  it('keeps a 44px touch target for lg and xl', () => {
    expect(buttonClasses({ size: 'lg' }).split(' ')).toContain('min-h-11');
    expect(buttonClasses({ size: 'xl' }).split(' ')).toContain('min-h-14');
  });

  it('drops hover styles and dims when disabled', () => {
    const enabled = buttonClasses({ variant: 'primary' }).split(' ');
    const disabled = buttonClasses({ variant: 'primary', disabled: true }).split(' ');
    expect(enabled).toContain('hover:bg-blue-800');
    expect(disabled).not.toContain('hover:bg-blue-800');
    expect(disabled).toEqual(expect.arrayContaining(['opacity-50', 'cursor-not-allowed']));
  });

  it('always has a visible focus ring', () => {
    for (const variant of BUTTON_VARIANTS) {
      expect(buttonClasses({ variant })).toContain('focus-visible:outline-2');
    }
  });
});

describe('<Button>', () => {
  it('renders type="button" with the default classes', () => {
    const html = renderToString(<Button>Save</Button>);
    expect(html).toMatch(/^<button /);
    expect(attr(html, 'type')).toBe('button');
    expect(classesOf(html)).toEqual(buttonClasses().split(' '));
    expect(html).toContain('>Save</button>');
    expect(html).not.toContain('disabled');
  });

  it('passes native props through and appends className', () => {
    const html = renderToString(
      <Button type="submit" name="intent" value="delete" form="f1" variant="alert" className="extra" aria-label="Delete it">
        Delete
      </Button>,
    );
    expect(attr(html, 'type')).toBe('submit');
    expect(attr(html, 'name')).toBe('intent');
    expect(attr(html, 'value')).toBe('delete');
    expect(attr(html, 'form')).toBe('f1');
    expect(attr(html, 'aria-label')).toBe('Delete it');
    const classes = classesOf(html);
    expect(classes).toContain('bg-red-700');
    expect(classes.at(-1)).toBe('extra');
  });

  it('renders each variant with distinct classes', () => {
    const rendered = BUTTON_VARIANTS.map((variant) => attr(renderToString(<Button variant={variant}>x</Button>), 'class'));
    expect(new Set(rendered).size).toBe(BUTTON_VARIANTS.length);
  });

  it('renders the disabled attribute and disabled classes', () => {
    const html = renderToString(<Button disabled>Save</Button>);
    expect(html).toMatch(/\sdisabled=""/);
    expect(classesOf(html)).toContain('opacity-50');
  });
});

describe('<ButtonLink>', () => {
  it('renders a link with button classes', () => {
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: () => (
          <ButtonLink to="/settings" variant="primary" size="sm">
            Settings
          </ButtonLink>
        ),
      },
    ]);
    const html = renderToString(<Stub initialEntries={['/']} />);
    const link = /<a [^>]*>Settings<\/a>/.exec(html)?.[0] ?? '';
    expect(attr(link, 'href')).toBe('/settings');
    expect(classesOf(link)).toEqual(buttonClasses({ variant: 'primary', size: 'sm' }).split(' '));
  });
});
