// One lifecycle, after VS Code's DisposableStore (src/vs/base/common/lifecycle.ts): whoever
// builds a long-lived part or subscribes to an event registers it here as it is made, and
// disposing the store undoes everything in reverse order. Nobody keeps a list of what to
// close by hand. Disposal is awaited one item at a time (a part closes only after the parts
// built on it; a synchronous one is not waited for, so a store of synchronous parts is
// closed when dispose() returns), and one that fails does not stop the others: the
// failures are collected and reported together at the end.

export interface Disposable {
  dispose(): void | Promise<void>;
}

/** What the store takes: a Disposable, or a function that undoes something (an unsubscribe). */
export type Teardown = Disposable | (() => unknown);

interface Entry {
  readonly label: string;
  readonly teardown: Teardown;
}

export class DisposeError extends AggregateError {
  readonly failures: readonly { label: string; error: unknown }[];

  constructor(failures: readonly { label: string; error: unknown }[]) {
    super(
      failures.map((f) => f.error),
      `Closing failed for ${failures.map((f) => f.label).join(', ')}: ${failures
        .map((f) => `${f.label}: ${f.error instanceof Error ? f.error.message : String(f.error)}`)
        .join('; ')}`,
    );
    this.failures = failures;
  }
}

export class DisposableStore implements Disposable {
  readonly #entries: Entry[] = [];
  #disposing: Promise<void> | null = null;

  /** Registers a part (or an unsubscribe) and hands it back, so `const x = store.add(make())` reads as one step. */
  add<T extends Teardown>(teardown: T, label = 'a part'): T {
    if (this.#disposing)
      throw new Error(`${label} was registered after the store began closing: it would never be closed.`);
    this.#entries.push({ label, teardown });
    return teardown;
  }

  /** How many parts and subscriptions are registered (and not disposed yet). */
  get size(): number {
    return this.#entries.length;
  }

  get isDisposed(): boolean {
    return this.#disposing !== null;
  }

  /** Disposes everything in reverse order of registration; a second call waits for the first. */
  dispose(): Promise<void> {
    this.#disposing ??= this.#disposeAll();
    return this.#disposing;
  }

  async #disposeAll(): Promise<void> {
    const failures: { label: string; error: unknown }[] = [];
    while (this.#entries.length > 0) {
      const { label, teardown } = this.#entries.pop()!;
      try {
        const done = typeof teardown === 'function' ? teardown() : teardown.dispose();
        // Only a promise is waited for: a store of synchronous parts closes before dispose() returns.
        if (isThenable(done)) await done;
      } catch (error) {
        failures.push({ label, error });
      }
    }
    if (failures.length > 0) throw new DisposeError(failures);
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}
