// A worker thread that finds the subject in sampled frames, so the service's event loop stays
// free while TensorFlow.js works (on its CPU backend: the wasm backend's file loading fails in
// Node). Faces come from @vladmandic/face-api's tiny face detector, whose weights ship inside
// the package (it works offline); a frame without a face gets the centre of what moved since
// the frame before. Answers one message per batch of frames (subjectFinder.ts is the other end).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const tf = require('@tensorflow/tfjs') as typeof import('@tensorflow/tfjs');
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof import('@vladmandic/face-api');

export interface FramesRequest {
  width: number;
  height: number;
  /** rgb24 frames one after the other. */
  frames: Uint8Array;
  inputSize: number;
}

/** Where the subject is in one frame, as fractions of the frame; null where nothing was found. */
export interface FrameSubject {
  face: { x: number; y: number; width: number; height: number } | null;
  motion: { x: number; y: number } | null;
}

const ready = (async () => {
  await tf.setBackend('cpu');
  await tf.ready();
  const dir = require.resolve('@vladmandic/face-api/package.json').replace(/package\.json$/, 'model/');
  const manifest = JSON.parse(readFileSync(`${dir}tiny_face_detector_model-weights_manifest.json`, 'utf8')) as {
    weights: Parameters<typeof tf.io.decodeWeights>[1];
  }[];
  const bin = readFileSync(`${dir}tiny_face_detector_model.bin`);
  const weights = tf.io.decodeWeights(
    bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
    manifest[0]!.weights,
  );
  // face-api bundles its own copy of tfjs's types: the same tensors, another declaration.
  await faceapi.nets.tinyFaceDetector.loadFromWeightMap(
    weights as unknown as Parameters<typeof faceapi.nets.tinyFaceDetector.loadFromWeightMap>[0],
  );
})();

/** The largest face's box, or null. */
async function faceIn(frame: Uint8Array, width: number, height: number, inputSize: number) {
  const image = tf.tensor3d(frame, [height, width, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(
      image as unknown as Parameters<typeof faceapi.detectAllFaces>[0],
      new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: 0.4 }),
    );
    const box = found.map((d) => d.box).sort((a, b) => b.width * b.height - a.width * a.height)[0];
    return box ? { x: box.x / width, y: box.y / height, width: box.width / width, height: box.height / height } : null;
  } finally {
    image.dispose();
  }
}

/** The centre of the pixels that changed clearly since `before`, or null when too few did. */
function motionIn(frame: Uint8Array, before: Uint8Array, width: number, height: number) {
  let sumX = 0;
  let sumY = 0;
  let count = 0;
  for (let y = 0; y < height; y += 2)
    for (let x = 0; x < width; x += 2) {
      const i = (y * width + x) * 3;
      const change =
        Math.abs(frame[i]! - before[i]!) +
        Math.abs(frame[i + 1]! - before[i + 1]!) +
        Math.abs(frame[i + 2]! - before[i + 2]!);
      if (change > 60) {
        sumX += x;
        sumY += y;
        count++;
      }
    }
  // Under 0.2% of the frame moved: noise, not a subject.
  return count > (width * height) / 4 / 500 ? { x: sumX / count / width, y: sumY / count / height } : null;
}

parentPort?.on('message', async (request: FramesRequest) => {
  try {
    await ready;
    const { width, height, frames, inputSize } = request;
    const size = width * height * 3;
    const subjects: FrameSubject[] = [];
    for (let at = 0; at + size <= frames.length; at += size) {
      const frame = frames.subarray(at, at + size);
      subjects.push({
        face: await faceIn(frame, width, height, inputSize),
        motion: at >= size ? motionIn(frame, frames.subarray(at - size, at), width, height) : null,
      });
    }
    parentPort!.postMessage({ subjects });
  } catch (err) {
    parentPort!.postMessage({ error: (err as Error).message });
  }
});
