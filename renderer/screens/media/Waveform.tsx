// An audio file's waveform from the peaks main computed: one bar per slice, drawn as SVG
// (no audio is decoded in the page).
export function Waveform({ peaks, label }: { peaks: readonly number[]; label: string }) {
  const width = Math.max(peaks.length, 1);
  return (
    <svg
      className="media-waveform"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} 100`}
      preserveAspectRatio="none"
    >
      {peaks.map((peak, i) => {
        const height = Math.max(2, peak * 96);
        return <rect key={i} x={i + 0.15} width={0.7} y={50 - height / 2} height={height} />;
      })}
    </svg>
  );
}
