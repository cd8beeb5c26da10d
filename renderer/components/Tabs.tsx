// Tabs (the WAI-ARIA tabs pattern, automatic activation): a tablist where the arrow keys,
// Home and End move and select, and one tabpanel showing the selected tab's content.
//
//   <Tabs label="Production" items={[{ id: 'transcript', label: 'Transcript' }, …]}
//         selected={tab} onSelect={setTab}>
//     {tab === 'transcript' && <TranscriptTab />}
//   </Tabs>
//
// `idBase` gives the tabs stable ids (`<idBase>-tab-<id>`, panel `<idBase>-panel`) where
// another control needs them (a Splitter's aria-controls); otherwise they are generated.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import './tabs.css';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  icon?: LucideIcon;
  /** A count or a mark after the label (read as part of the tab's name). */
  badge?: ReactNode;
}

export interface TabsProps<T extends string> {
  /** The tablist's accessible name. */
  label: string;
  items: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
  idBase?: string;
  /** Placed at the end of the tab row (actions that belong to the whole panel). */
  end?: ReactNode;
  className?: string;
  panelClassName?: string;
  /** The panel folded away (the tabs stay; choosing one is the caller's cue to unfold it). */
  panelHidden?: boolean;
}

const slug = (id: string) => id.replace(/[^a-zA-Z0-9_-]+/g, '-').toLowerCase();

export function Tabs<T extends string>({
  label,
  items,
  selected,
  onSelect,
  children,
  idBase,
  end,
  className,
  panelClassName,
  panelHidden = false,
}: TabsProps<T>) {
  const generated = useId();
  const base = idBase ?? generated;
  const tabId = (id: T) => `${base}-tab-${slug(id)}`;
  const panelId = `${base}-panel`;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = items.findIndex((item) => item.id === selected);
    const last = items.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (to < 0) return;
    event.preventDefault();
    // The screen's own shortcuts (arrows move the playhead) must not see this key.
    event.stopPropagation();
    onSelect(items[to]!.id);
    buttons.current[to]?.focus();
  }

  return (
    <div className={['ui-tabs', className].filter(Boolean).join(' ')}>
      <div className="ui-tabs-row">
        <div role="tablist" aria-label={label} className="ui-tablist" onKeyDown={onKeyDown}>
          {items.map((item, index) => {
            const Icon = item.icon;
            const isSelected = item.id === selected;
            return (
              <button
                key={item.id}
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                role="tab"
                id={tabId(item.id)}
                className="ui-tab"
                aria-selected={isSelected}
                aria-controls={panelId}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => onSelect(item.id)}
              >
                {Icon && <Icon className="ui-tab-icon" aria-hidden="true" />}
                {item.label}
                {item.badge !== undefined && <span className="ui-tab-badge">{item.badge}</span>}
              </button>
            );
          })}
        </div>
        {end && <div className="ui-tabs-end">{end}</div>}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(selected)}
        className={['ui-tabpanel', panelClassName].filter(Boolean).join(' ')}
        hidden={panelHidden}
      >
        {children}
      </div>
    </div>
  );
}
