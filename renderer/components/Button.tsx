// Buttons. Button: a text button, optionally with a leading icon. IconButton: an icon alone,
// named by `label` (its accessible name and its tooltip, with the shortcut when it has one).
// Both are type="button" unless told otherwise, so a button never submits a form by accident.
//
//   <Button variant="primary" icon={Upload} onClick={…}>Upload files</Button>
//   <IconButton icon={Scissors} label="Split at the playhead" shortcut="Ctrl+K" onClick={…} />
//   <IconButton icon={Magnet} label="Snap" pressed={snap} onClick={…} />   (a toggle)
import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { ariaKeyShortcuts } from './shortcutText.ts';
import { Tooltip } from './Tooltip.tsx';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

type NativeButton = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-pressed'>;

export interface ButtonProps extends NativeButton {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A lucide icon drawn before the text. */
  icon?: LucideIcon | undefined;
  /** A toggle's state (aria-pressed). */
  pressed?: boolean | undefined;
  ref?: Ref<HTMLButtonElement>;
  children?: ReactNode;
}

function classes(base: string, variant: ButtonVariant, size: ButtonSize, extra: string | undefined): string {
  return [base, `ui-button--${variant}`, `ui-button--${size}`, extra].filter(Boolean).join(' ');
}

export function Button({
  variant = 'secondary',
  size = 'md',
  icon: Icon,
  pressed,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button type={type} className={classes('ui-button', variant, size, className)} aria-pressed={pressed} {...rest}>
      {Icon && <Icon className="ui-button-icon" aria-hidden="true" />}
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonProps, 'icon' | 'children'> {
  icon: LucideIcon;
  /** The accessible name and the tooltip: say what it does ("Split at the playhead"). */
  label: string;
  /** The action's keyboard shortcut as people read it ("Ctrl+K"): in the tooltip and aria-keyshortcuts. */
  shortcut?: string | undefined;
  /** Off where a visible label already says the same (rare). */
  tooltip?: boolean;
  /** The tooltip's text when it says more than the name ("Undo Add clip"); the name stays `label`. */
  tip?: string | undefined;
}

export function IconButton({
  icon: Icon,
  label,
  shortcut,
  tooltip = true,
  tip,
  variant = 'ghost',
  size = 'md',
  pressed,
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  const button = (
    <button
      type={type}
      className={classes('ui-button ui-icon-button', variant, size, className)}
      aria-label={label}
      aria-keyshortcuts={shortcut ? ariaKeyShortcuts(shortcut) : undefined}
      aria-pressed={pressed}
      {...rest}
    >
      <Icon className="ui-button-icon" aria-hidden="true" />
    </button>
  );
  return tooltip ? (
    <Tooltip content={tip ?? label} shortcut={shortcut}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}
