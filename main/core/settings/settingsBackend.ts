// Where the settings document is stored. Core uses `conf`; the Electron shell
// may pass an electron-store (which wraps conf) through the same interface.
// The backend only stores; the settings service validates.
import Conf from 'conf';
import { existsSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SETTINGS_CONFIG_NAME, settingsFilePath } from './settingsFile.ts';
import type { Settings } from './settingsSchema.ts';

export interface SettingsBackend {
  /**
   * The stored document as it is, or undefined when none is stored yet.
   * Throws UnreadableSettingsError when the stored file cannot be parsed.
   */
  read(): unknown;
  /** Replaces the whole stored document. */
  write(settings: Settings): void;
  /** Moves what is stored to a backup file beside it; returns the backup's path. */
  moveAside(): string;
}

export class UnreadableSettingsError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'UnreadableSettingsError';
  }
}

export interface ConfBackendOptions {
  /** The folder of the settings file (the app's data folder, or a test's temp folder). */
  readonly cwd: string;
  readonly configName?: string;
}

export class ConfSettingsBackend implements SettingsBackend {
  readonly #cwd: string;
  readonly #configName: string;
  #conf: Conf<Record<string, unknown>> | undefined;

  constructor(options: ConfBackendOptions) {
    this.#cwd = options.cwd;
    this.#configName = options.configName ?? SETTINGS_CONFIG_NAME;
  }

  /** The settings file's path. */
  get path(): string {
    return settingsFilePath(this.#cwd, this.#configName);
  }

  read(): unknown {
    if (!existsSync(this.path)) return undefined;
    try {
      return this.#store().store;
    } catch (err) {
      // conf reads (and can fail) on construction: drop it so a later read starts afresh.
      this.#conf = undefined;
      if (err instanceof Error && err.name === 'SyntaxError') {
        throw new UnreadableSettingsError(`The settings file ${this.path} is not valid JSON.`, { cause: err });
      }
      throw err;
    }
  }

  write(settings: Settings): void {
    this.#store().store = settings;
  }

  moveAside(): string {
    const stamp = new Date().toISOString().replaceAll(':', '-');
    const backup = join(dirname(this.path), `${basename(this.path, '.json')}.invalid-${stamp}.json`);
    renameSync(this.path, backup);
    this.#conf = undefined;
    return backup;
  }

  #store(): Conf<Record<string, unknown>> {
    // conf writes atomically (write to a temporary file, then rename), so a crash never leaves half a file.
    this.#conf ??= new Conf<Record<string, unknown>>({
      cwd: this.#cwd,
      configName: this.#configName,
      clearInvalidConfig: false,
    });
    return this.#conf;
  }
}
