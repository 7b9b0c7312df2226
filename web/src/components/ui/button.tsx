import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';
import './button.css';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** The button look for links too (`<Link className={buttonClass(...)}>`). */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonStyle = {}): string {
  return `btn btn--${variant} btn--${size}${block ? ' btn--block' : ''}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonStyle & {
    /** Shows a spinner and blocks clicks while an action runs. */
    loading?: boolean;
  };

export function Button({
  variant,
  size,
  block,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClass({ variant, size, block })}${className ? ` ${className}` : ''}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" />}
      {children}
    </button>
  );
}
