// A searchable list of IANA time zones (a combobox): the user's own zone first, then every
// zone Intl knows; typing filters ("new york", "paris", "Asia/"), arrows and Enter choose.
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { orderedZones, userTimeZone } from './timeZones.ts';

const SHOWN = 60;

function matches(zone: string, text: string): boolean {
  const wanted = text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '_');
  return wanted === '' || zone.toLowerCase().includes(wanted);
}

export interface TimeZonePickerProps {
  label: string;
  value: string;
  onChange(zone: string): void;
  /** Only zones written Area/City (a scheduled message needs one). */
  areaCityOnly?: boolean;
}

export function TimeZonePicker({ label, value, onChange, areaCityOnly = false }: TimeZonePickerProps) {
  const id = useId();
  const own = userTimeZone();
  const zones = useMemo(
    () => orderedZones(own).filter((zone) => !areaCityOnly || zone.includes('/')),
    [own, areaCityOnly],
  );
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = text !== null;
  const found = useMemo(() => (open ? zones.filter((z) => matches(z, text)).slice(0, SHOWN) : []), [open, text, zones]);

  function choose(zone: string) {
    onChange(zone);
    setText(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      if (!open) setText('');
      setActive((a) => Math.min(a + 1, Math.max(0, found.length - 1)));
      event.preventDefault();
    } else if (event.key === 'ArrowUp') {
      setActive((a) => Math.max(0, a - 1));
      event.preventDefault();
    } else if (event.key === 'Enter' && open) {
      const zone = found[active];
      if (zone) choose(zone);
      event.preventDefault();
    } else if (event.key === 'Escape' && open) {
      setText(null);
      event.preventDefault();
      event.stopPropagation();
    }
  }

  function onBlur() {
    if (text === null) return;
    const exact = zones.find((z) => z.toLowerCase() === text.trim().toLowerCase());
    if (exact) onChange(exact);
    setText(null);
  }

  return (
    <div className="msg-zone-picker">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open && found.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && found[active] ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        value={text ?? value}
        placeholder="Search time zones"
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onFocus={(e) => e.target.select()}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
      {open && found.length > 0 && (
        <ul id={`${id}-list`} role="listbox" aria-label={`${label}: time zones`} className="msg-zone-list">
          {found.map((zone, i) => (
            <li
              key={zone}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'msg-active' : undefined}
              // mousedown, not click: it comes before the input's blur.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(zone);
              }}
            >
              {zone.replace(/_/g, ' ')}
              {zone === own && <span className="msg-muted"> — your time zone</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
