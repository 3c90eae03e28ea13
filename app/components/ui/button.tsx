import type { ButtonHTMLAttributes, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';

/** Button options of original-spec.md §9. */
export const BUTTON_VARIANTS = [
  'primary',
  'primary_border',
  'warning',
  'alert',
  'alert_border',
  'basic',
  'basic_border',
  'ghost',
] as const;
export const BUTTON_SIZES = ['sm', 'md', 'lg', 'xl'] as const;
export const BUTTON_WIDTHS = ['square', 'fit', 'wide', 'full'] as const;
export const BUTTON_CORNERS = ['squared', 'rounded'] as const;

export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export type ButtonSize = (typeof BUTTON_SIZES)[number];
export type ButtonWidth = (typeof BUTTON_WIDTHS)[number];
export type ButtonCorners = (typeof BUTTON_CORNERS)[number];

export type ButtonStyleOptions = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  width?: ButtonWidth;
  corners?: ButtonCorners;
  disabled?: boolean;
};

const BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 text-center font-medium leading-tight no-underline select-none transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400';

// Every text/background pair meets WCAG AA (≥ 4.5:1) in light and dark mode:
// white on blue-700 6.8, on blue-600 5.3, on red-700 6.4; gray-950 on amber-400 11.7;
// blue-700 on white 6.8, blue-300 on gray-950 11.1; gray-900 on gray-100 16.1, gray-100 on gray-800 13.4.
const VARIANT: Record<ButtonVariant, { base: string; hover: string }> = {
  primary: {
    base: 'border-2 border-transparent bg-blue-700 text-white dark:bg-blue-600',
    hover: 'hover:bg-blue-800 dark:hover:bg-blue-700',
  },
  primary_border: {
    base: 'border-2 border-blue-700 bg-transparent text-blue-700 dark:border-blue-400 dark:text-blue-300',
    hover: 'hover:bg-blue-50 dark:hover:bg-blue-950',
  },
  warning: {
    base: 'border-2 border-transparent bg-amber-400 text-gray-950',
    hover: 'hover:bg-amber-500',
  },
  alert: {
    base: 'border-2 border-transparent bg-red-700 text-white',
    hover: 'hover:bg-red-800',
  },
  alert_border: {
    base: 'border-2 border-red-700 bg-transparent text-red-700 dark:border-red-400 dark:text-red-300',
    hover: 'hover:bg-red-50 dark:hover:bg-red-950',
  },
  basic: {
    base: 'border border-gray-300 bg-gray-100 text-gray-900 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100',
    hover: 'hover:bg-gray-200 dark:hover:bg-gray-700',
  },
  basic_border: {
    base: 'border border-gray-500 bg-transparent text-gray-900 dark:border-gray-400 dark:text-gray-100',
    hover: 'hover:bg-gray-100 dark:hover:bg-gray-800',
  },
  ghost: {
    base: 'border border-transparent bg-transparent text-gray-900 dark:text-gray-100',
    hover: 'hover:bg-gray-100 dark:hover:bg-gray-800',
  },
};

// lg and xl give a touch target of at least 44 px (WCAG 2.5.5); sm and md stay above 24 px (2.5.8).
const SIZE: Record<ButtonSize, string> = {
  sm: 'min-h-8 px-2.5 text-sm',
  md: 'min-h-10 px-3 text-sm',
  lg: 'min-h-11 px-4 text-base',
  xl: 'min-h-14 px-6 text-lg',
};

const SQUARE: Record<ButtonSize, string> = {
  sm: 'size-8 min-h-8 px-0 text-sm',
  md: 'size-10 min-h-10 px-0 text-sm',
  lg: 'size-11 min-h-11 px-0 text-base',
  xl: 'size-14 min-h-14 px-0 text-lg',
};

const WIDTH: Record<Exclude<ButtonWidth, 'square'>, string> = {
  fit: 'w-fit max-w-full',
  wide: 'min-w-40 max-w-full',
  full: 'w-full',
};

const CORNERS: Record<ButtonCorners, string> = {
  squared: 'rounded-md',
  rounded: 'rounded-full',
};

const DISABLED = 'cursor-not-allowed opacity-50';

/** The class list of a button (also used for links and summaries that look like buttons). */
export function buttonClasses({
  variant = 'basic',
  size = 'lg',
  width = 'fit',
  corners = 'squared',
  disabled = false,
}: ButtonStyleOptions = {}): string {
  const v = VARIANT[variant];
  return [
    BASE,
    v.base,
    disabled ? DISABLED : v.hover,
    width === 'square' ? SQUARE[size] : `${SIZE[size]} ${WIDTH[width]}`,
    CORNERS[corners],
  ].join(' ');
}

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> &
  ButtonStyleOptions & {
    type?: 'button' | 'submit' | 'reset';
    ref?: Ref<HTMLButtonElement>;
  };

export function Button({
  variant,
  size,
  width,
  corners,
  disabled,
  type = 'button',
  className,
  ...props
}: ButtonProps) {
  const classes = buttonClasses({ variant, size, width, corners, disabled });
  return (
    <button
      {...props}
      type={type}
      disabled={disabled}
      className={className ? `${classes} ${className}` : classes}
    />
  );
}

export type ButtonLinkProps = LinkProps &
  Omit<ButtonStyleOptions, 'disabled'> & { ref?: Ref<HTMLAnchorElement> };

/** A react-router <Link> that looks like a Button. Links cannot be disabled; render a Button instead. */
export function ButtonLink({ variant, size, width, corners, className, ...props }: ButtonLinkProps) {
  const classes = buttonClasses({ variant, size, width, corners });
  return <Link {...props} className={className ? `${classes} ${className}` : classes} />;
}
