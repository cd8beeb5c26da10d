// The facts a render needs of each asset it draws or plays, probed once per asset.
import type { SandboxContext } from '../context.ts';
import { probe } from '../media/ffmpeg.ts';
import type { SourceFacts } from './composition.ts';

/** ffprobe's colour space names → the matrix names of ffmpeg's scale filter. */
const MATRICES: Record<string, string> = {
  bt709: 'bt709',
  smpte170m: 'bt601',
  bt470bg: 'bt601',
  smpte240m: 'smpte240m',
  fcc: 'fcc',
  bt2020nc: 'bt2020',
  bt2020c: 'bt2020',
};

export async function sourceFactsOf(
  ctx: SandboxContext,
  accountId: number,
  assetIds: Iterable<number>,
): Promise<Map<number, SourceFacts>> {
  const facts = new Map<number, SourceFacts>();
  for (const id of new Set(assetIds)) {
    const asset = ctx.assets.get(accountId, id);
    const info = await probe(asset.storage_path);
    if (!info) throw new Error(`asset ${asset.id} (${asset.filename}) can no longer be read as media`);
    facts.set(id, {
      path: asset.storage_path,
      kind: asset.kind,
      width: info.displayWidth,
      height: info.displayHeight,
      // An audio file's cover art is not its picture.
      hasVideo: asset.kind !== 'audio' && info.hasVideo,
      hasAudio: info.hasAudio,
      channels: info.channels,
      matrix: (info.colorSpace && MATRICES[info.colorSpace]) ?? 'bt601',
      alpha: asset.kind !== 'audio' && info.alpha,
      decoder: info.alphaDecoder,
    });
  }
  return facts;
}
