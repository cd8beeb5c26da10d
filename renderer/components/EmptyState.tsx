// What a list or panel shows while it has nothing: an icon, a sentence saying what will be
// here, a line on how to get it, and the action that does.
//
//   <EmptyState icon={Images} title="No media in this project yet" action={<Button …>Upload files</Button>}>
//     Drop files here, or choose them.
//   </EmptyState>
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import './emptyState.css';

export interface EmptyStateProps {
  icon?: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** Smaller, for a panel rather than a screen. */
  compact?: boolean;
  className?: string;
}

export function EmptyState({ icon: Icon, title, children, action, compact = false, className }: EmptyStateProps) {
  return (
    <div className={['ui-empty', compact && 'ui-empty--compact', className].filter(Boolean).join(' ')}>
      {Icon && <Icon className="ui-empty-icon" aria-hidden="true" />}
      <p className="ui-empty-title">{title}</p>
      {children && <div className="ui-empty-text">{children}</div>}
      {action && <div className="ui-empty-action">{action}</div>}
    </div>
  );
}
