// The meters beside the monitor: peak (with its hold line) and RMS of each channel in dBFS,
// a clip light per channel, and loudness — momentary, short-term, integrated (LUFS) and true
// peak (dBTP) — all measured on the mix the monitor plays (renderer/preview/mixMeters.ts).
// The bars move with every reading (about 30 a second) by writing styles, not by rendering;
// the numbers and what assistive tech reads (each value is a `meter`, named, with its text)
// change at most four times a second, so they can be read and are not announced per frame.
import { Fragment, useEffect, useRef } from 'react';
import { RotateCcw } from 'lucide-react';
import { IconButton } from '../../components/Button.tsx';
import { levelText, scaleFraction, SCALE_BOTTOM_DB, SCALE_TICKS_DB } from '../../model/meters/meterScale.ts';
import { SILENT_READING, type MeterReading } from '../../model/meters/mixMeter.ts';
import { monitorMeters } from '../../preview/mixMeters.ts';

const CHANNELS = ['Left', 'Right'] as const;
/** The numbers change this often at most (ms). */
const TEXT_EVERY_MS = 250;

const LOUDNESS = [
  {
    key: 'momentaryLufs',
    short: 'M',
    name: 'Momentary loudness',
    unit: 'LUFS',
    tip: 'Momentary loudness (400 ms), LUFS',
  },
  {
    key: 'shortTermLufs',
    short: 'S',
    name: 'Short-term loudness',
    unit: 'LUFS',
    tip: 'Short-term loudness (3 s), LUFS',
  },
  {
    key: 'integratedLufs',
    short: 'I',
    name: 'Integrated loudness',
    unit: 'LUFS',
    tip: 'Integrated loudness since the last reset (gated, EBU R128), LUFS',
  },
  {
    key: 'truePeakDbtp',
    short: 'TP',
    name: 'True peak',
    unit: 'dBTP',
    tip: 'Highest true peak since the last reset, dBTP',
  },
] as const;

/** role="meter" wants a value inside its range: silence sits at the bottom, overs at the top. */
function meterValue(element: HTMLElement, db: number, spoken: string): void {
  const max = Number(element.getAttribute('aria-valuemax'));
  const value = Number.isFinite(db)
    ? Math.min(max, Math.max(SCALE_BOTTOM_DB, Math.round(db * 10) / 10))
    : SCALE_BOTTOM_DB;
  element.setAttribute('aria-valuenow', String(value));
  element.setAttribute('aria-valuetext', spoken);
}

function channelSpoken(level: MeterReading['channels'][number]): string {
  if (!Number.isFinite(level.peakDbfs)) return level.clipped ? 'No sound; clipped since the reset' : 'No sound';
  const parts = [`peak ${levelText(level.peakDbfs)} dBFS`, `RMS ${levelText(level.rmsDbfs)} dBFS`];
  return `${parts.join(', ')}${level.clipped ? '; clipped since the reset' : ''}`;
}

export function LevelMeters() {
  const root = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const bars = [...element.querySelectorAll<HTMLElement>('[data-channel]')];
    const values = [...element.querySelectorAll<HTMLElement>('[data-loudness]')];
    let textAt = -Infinity;
    const draw = (reading: MeterReading | null) => {
      const shown = reading ?? SILENT_READING;
      element.classList.toggle('is-idle', reading === null);
      bars.forEach((bar, i) => {
        const level = shown.channels[i] ?? SILENT_READING.channels[0]!;
        bar.style.setProperty('--peak', String(scaleFraction(level.peakDbfs)));
        bar.style.setProperty('--rms', String(scaleFraction(level.rmsDbfs)));
        bar.style.setProperty('--hold', String(scaleFraction(level.holdDbfs)));
        bar.classList.toggle('is-clipped', level.clipped);
        bar.classList.toggle('has-hold', scaleFraction(level.holdDbfs) > 0);
      });
      const now = performance.now();
      if (reading && now - textAt < TEXT_EVERY_MS) return;
      textAt = now;
      bars.forEach((bar, i) => {
        const level = shown.channels[i] ?? SILENT_READING.channels[0]!;
        const well = bar.querySelector<HTMLElement>('[role="meter"]')!;
        meterValue(well, level.peakDbfs, reading ? channelSpoken(level) : 'Not measuring: play to measure');
      });
      values.forEach((value) => {
        const spec = LOUDNESS.find((l) => l.key === value.dataset.loudness)!;
        const db = shown[spec.key];
        value.querySelector('.tl-meters-value')!.textContent = levelText(db);
        meterValue(value, db, Number.isFinite(db) ? `${levelText(db)} ${spec.unit}` : 'Not measured');
      });
    };
    draw(monitorMeters.latest);
    return monitorMeters.subscribe(draw);
  }, []);

  return (
    <section ref={root} className="tl-meters is-idle" aria-label="Level meters">
      <div className="tl-meters-bars">
        <div className="tl-meters-scale" aria-hidden="true">
          {SCALE_TICKS_DB.map((db) => (
            <span key={db} style={{ ['--at' as string]: String(scaleFraction(db) || 0) }}>
              {Math.abs(db)}
            </span>
          ))}
        </div>
        {CHANNELS.map((name, i) => (
          <div key={name} className="tl-meter" data-channel={i}>
            <span
              className="tl-meter-clip"
              title="Clipped: the mix reached 0 dBFS before the limiter (Reset clears it)"
            />
            <div
              className="tl-meter-well"
              role="meter"
              aria-label={`${name} level`}
              aria-valuemin={SCALE_BOTTOM_DB}
              aria-valuemax={0}
              aria-valuenow={SCALE_BOTTOM_DB}
              aria-valuetext="Not measuring: play to measure"
            >
              <span className="tl-meter-rms" />
              <span className="tl-meter-peak" />
              <span className="tl-meter-hold" />
            </div>
            <span className="tl-meter-name" aria-hidden="true">
              {name[0]}
            </span>
          </div>
        ))}
      </div>
      <div className="tl-meters-loudness">
        {LOUDNESS.map((spec) => (
          <Fragment key={spec.key}>
            {spec.key === 'truePeakDbtp' && (
              <span className="tl-meters-unit" aria-hidden="true">
                LUFS
              </span>
            )}
            <div
              className="tl-meters-row"
              data-loudness={spec.key}
              title={spec.tip}
              role="meter"
              aria-label={spec.name}
              aria-valuemin={SCALE_BOTTOM_DB}
              aria-valuemax={spec.unit === 'dBTP' ? 3 : 0}
              aria-valuenow={SCALE_BOTTOM_DB}
              aria-valuetext="Not measured"
            >
              <span className="tl-meters-key">{spec.short}</span>
              <span className="tl-meters-value">—</span>
            </div>
          </Fragment>
        ))}
        <span className="tl-meters-unit" aria-hidden="true">
          dBTP
        </span>
      </div>
      <div className="tl-meters-reset">
        <IconButton
          icon={RotateCcw}
          size="sm"
          variant="ghost"
          label="Reset integrated loudness"
          tip="Reset the integrated loudness, true peak, peak holds and clip lights"
          onClick={() => monitorMeters.reset()}
        />
      </div>
    </section>
  );
}
