// The time a running job has left ("about 4 min left"), estimated from how its progress
// rose while this component watched it (model/timeLeft.ts). Nothing until there is an estimate.
import { useEffect, useRef, useState } from 'react';
import { addSample, EMPTY_TIME_LEFT, timeLeftOf, timeLeftText } from '../model/timeLeft.ts';

export function TimeLeft({ progress, className }: { progress: number | null | undefined; className?: string }) {
  const state = useRef(EMPTY_TIME_LEFT);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (typeof progress !== 'number') return;
    state.current = addSample(state.current, { at: performance.now(), progress });
    setText(timeLeftText(timeLeftOf(state.current)));
  }, [progress]);
  if (text === null) return null;
  return <span className={className}>{text}</span>;
}
