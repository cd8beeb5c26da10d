// The live count under the message: characters against the 740 limit, SMS segments (GSM-7
// 160/153, extension characters such as € and { counting twice; UCS-2 70/67), and — when a
// character forces UCS-2 — which one, where, highlighted in the text, with a one-click
// GSM-7 stand-in where there is an obvious one.
import { Button } from '../../components/Button.tsx';
import { MESSAGING_LIMITS } from '../../../shared/limits.ts';
import { countSegments, markForcingCharacters, replaceCharacter } from '../../../shared/smsSegments.ts';

const n = (value: number) => value.toLocaleString('en-US');

function shown(char: string): string {
  if (char === ' ' || char === '\u00A0') return 'a non-breaking space';
  if (char === '\t') return 'a tab';
  return `“${char}”`;
}

export function SegmentCounter({ text, onReplace }: { text: string; onReplace(next: string): void }) {
  const count = countSegments(text);
  const max = MESSAGING_LIMITS.messageLength;
  const over = count.characters > max;
  const first = count.forcingUcs2[0];
  return (
    <div className="msg-segment-counter">
      <p role="status" aria-label="Message length" className={over ? 'msg-bad' : undefined}>
        <strong>
          {n(count.characters)} / {n(max)} characters
        </strong>
        {' · '}
        {count.segments === 1 ? '1 SMS segment' : `${n(count.segments)} SMS segments`} ({count.encoding},{' '}
        {count.segments > 1 ? `${count.perSegment} per segment` : `${count.perSegment} in one message`},{' '}
        {count.remainingInSegment} left in this segment)
        {count.extended.length > 0 && count.encoding === 'GSM-7' && (
          <span className="msg-muted"> · {count.extended.join(' ')} count twice</span>
        )}
      </p>
      {over && (
        <p className="msg-hint msg-bad" role="alert">
          The message is {n(count.characters - max)} characters too long: a message takes at most {n(max)}.
        </p>
      )}
      {first && (
        <div className="msg-ucs2" role="region" aria-label="Characters that force UCS-2">
          <p>
            {shown(first.char)} ({first.codePoint}) at character {n(first.index + 1)} makes this a UCS-2 message: a
            segment holds 67 characters instead of 153.
            {count.forcingUcs2.length > 1 &&
              ` Also: ${count.forcingUcs2
                .slice(1, 6)
                .map((f) => shown(f.char))
                .join(', ')}${count.forcingUcs2.length > 6 ? '…' : ''}.`}
          </p>
          <div className="msg-replacements">
            {count.forcingUcs2
              .filter((f) => f.replacement !== null)
              .slice(0, 6)
              .map((f) => (
                <Button
                  size="sm"
                  key={f.char}

                  onClick={() => onReplace(replaceCharacter(text, f.char))}
                >
                  Replace {shown(f.char)} with “{f.replacement}”
                </Button>
              ))}
          </div>
          {/* Marked only while the few culprits can be spotted; a text in another script is named above. */}
          {count.forcingUcs2.reduce((sum, f) => sum + f.count, 0) <= 40 && (
            <p className="msg-marked" aria-label="Message with the UCS-2 characters marked">
              {markForcingCharacters(text).map((run, i) =>
                run.forcing ? <mark key={i}>{run.text}</mark> : <span key={i}>{run.text}</span>,
              )}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
