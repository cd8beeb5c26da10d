// A long recording recognised in chunks (transcriptChunks.ts cuts them), on as many cores as
// the machine and the job's slots allow, each finished chunk's words stored at once in the
// service's database (transcription_chunks, beside the job's row). A job resumed after a
// restart recognises only the chunks not stored yet; the cut is measured again from the same
// PCM, so it is the same cut, and the final words equal those of an uninterrupted run. The
// stored chunks are also the words so far that GET /transcriptions/{id} shows while it runs.
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/database.ts';
import { recognizePcmWords } from './speechRecognizer.ts';
import { fitToSilences, measureSilences } from './speechSilences.ts';
import { joinChunkWords, offsetWords, planChunks, type Chunk } from './transcriptChunks.ts';
import type { Word } from './transcriptWords.ts';

/** 16 kHz mono 16-bit: 32 bytes a millisecond. */
const PCM_BYTES_PER_MS = 32;
/** The chunk length aimed at when the service is not told otherwise (--transcribe-chunk-ms). */
export const DEFAULT_TRANSCRIBE_CHUNK_MS = 45_000;

interface StoredChunk extends Chunk {
  index: number;
  count: number;
  words: Word[];
}

export function createTranscriptChunkStore(db: Db) {
  db.exec(`CREATE TABLE IF NOT EXISTS transcription_chunks (
    transcription_id INTEGER NOT NULL,
    chunk_index INTEGER NOT NULL,
    chunk_count INTEGER NOT NULL,
    start_ms INTEGER NOT NULL,
    end_ms INTEGER NOT NULL,
    words TEXT NOT NULL,
    PRIMARY KEY (transcription_id, chunk_index)
  )`);
  return {
    /** The finished chunks of a transcription, in order. */
    stored(id: number): StoredChunk[] {
      const rows = db
        .prepare(
          'SELECT chunk_index, chunk_count, start_ms, end_ms, words FROM transcription_chunks WHERE transcription_id = ? ORDER BY chunk_index',
        )
        .all(id) as { chunk_index: number; chunk_count: number; start_ms: number; end_ms: number; words: string }[];
      return rows.map((r) => ({
        index: r.chunk_index,
        count: r.chunk_count,
        startMs: r.start_ms,
        endMs: r.end_ms,
        words: JSON.parse(r.words) as Word[],
      }));
    },
    save(id: number, index: number, count: number, chunk: Chunk, words: Word[]): void {
      db.prepare(
        `INSERT OR REPLACE INTO transcription_chunks (transcription_id, chunk_index, chunk_count, start_ms, end_ms, words)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(id, index, count, chunk.startMs, chunk.endMs, JSON.stringify(words));
    },
    forget(id: number): void {
      db.prepare('DELETE FROM transcription_chunks WHERE transcription_id = ?').run(id);
    },
  };
}

export type TranscriptChunkStore = ReturnType<typeof createTranscriptChunkStore>;

/** What GET /transcriptions/{id} shows of a running job: the words of the chunks finished so far. */
export function partialTranscript(chunks: TranscriptChunkStore, id: number) {
  const stored = chunks.stored(id);
  if (stored.length === 0) return null;
  return {
    words: joinChunkWords(stored.map((c) => c.words)),
    doneMs: stored.reduce((sum, c) => sum + c.endMs - c.startMs, 0),
    chunks: { done: stored.length, total: stored[0]!.count },
  };
}

/** How many chunks are recognised at once: the cores, at most the job's slots. */
export function chunkParallelism(slots: number): number {
  return Math.max(1, Math.min(availableParallelism(), slots));
}

export interface ChunkedRun {
  id: number;
  /** Raw 16 kHz mono 16-bit PCM of the whole recording. */
  pcmPath: string;
  /** Where the chunks' PCM is cut to (the job's temporary folder). */
  dir: string;
  chunkMs: number;
  parallel: number;
  store: TranscriptChunkStore;
  signal: AbortSignal;
  log(line: string): void;
}

/** The recording's words, fitted to its silences; only chunks not stored yet are recognised. */
export async function transcribeInChunks(run: ChunkedRun): Promise<Word[]> {
  const { id, pcmPath, store, signal } = run;
  const durationMs = Math.floor((await stat(pcmPath)).size / PCM_BYTES_PER_MS);
  const silences = await measureSilences(pcmPath, durationMs, signal);
  const plan = planChunks(silences, durationMs, run.chunkMs);
  const kept = new Map(store.stored(id).map((c) => [c.index, c]));
  // Chunks stored under another cut (another chunk length since) are not this run's: start over.
  const sameCut = [...kept.values()].every(
    (c) => c.count === plan.length && plan[c.index]?.startMs === c.startMs && plan[c.index]?.endMs === c.endMs,
  );
  if (!sameCut) {
    store.forget(id);
    kept.clear();
  }
  const todo = plan.map((_, i) => i).filter((i) => !kept.has(i));
  run.log(`transcription ${id}: recognising ${todo.length} of ${plan.length} chunks (${kept.size} stored)`);

  // One failing chunk stops the others' children too.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal.addEventListener('abort', onAbort);
  async function worker(): Promise<void> {
    for (let i = todo.shift(); i !== undefined; i = todo.shift()) {
      if (stop.signal.aborted) throw new Error('The transcription was stopped.');
      const chunk = plan[i]!;
      const chunkPath = join(run.dir, `chunk-${i}.s16le`);
      await pipeline(
        createReadStream(pcmPath, {
          start: chunk.startMs * PCM_BYTES_PER_MS,
          end: chunk.endMs * PCM_BYTES_PER_MS - 1,
        }),
        createWriteStream(chunkPath),
        { signal: stop.signal },
      );
      const words = offsetWords(await recognizePcmWords(chunkPath, { signal: stop.signal }), chunk.startMs);
      await rm(chunkPath, { force: true });
      if (stop.signal.aborted) throw new Error('The transcription was stopped.');
      store.save(id, i, plan.length, chunk, words);
      run.log(`transcription ${id}: chunk ${i + 1} of ${plan.length} recognised`);
    }
  }
  try {
    await Promise.all(
      Array.from({ length: run.parallel }, () =>
        worker().catch((err: unknown) => {
          stop.abort();
          throw err;
        }),
      ),
    );
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  const words = joinChunkWords(store.stored(id).map((c) => c.words));
  return fitToSilences(words, silences);
}
