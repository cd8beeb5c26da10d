// Runs main/core/uploads for the active workspace: one uploader over the workspace key's
// one rate budget, made when the workspace becomes active (resuming what the journal
// holds unfinished) and closed when another one does (resumable uploads then resume the
// next time). Its upload.* events go out on the event bus as they are.
import type { UploadEvent, UploadRequest } from '../../../shared/api/uploads.ts';
import type { Journal } from '../journal/journal.ts';
import { createUploader, type Uploader } from '../uploads/uploader.ts';
import type { UploadHandle } from '../uploads/uploadHandle.ts';
import { appFailure } from './appErrors.ts';
import type { EventBus } from './eventBus.ts';
import type { WorkspaceHttp, WorkspaceLink } from './workspaceHttp.ts';

interface Running {
  readonly workspaceId: string;
  /** The address and key budget it sends with: a new link (new address or key) makes it again. */
  readonly link: WorkspaceLink;
  readonly uploader: Uploader;
  readonly unsubscribe: () => void;
}

export interface UploadsCoordinatorOptions {
  readonly journal: Journal;
  readonly http: Pick<WorkspaceHttp, 'link' | 'currentLink'>;
  readonly events: Pick<EventBus, 'emit'>;
  /** The count of uploads under way changed (the status bar's pending count). */
  readonly changed: (workspaceId: string) => void;
  /** A resumed upload of a file staged from the page: called with its path once it is over. */
  readonly resumedStagedFile: (path: string) => ((done: Promise<unknown>) => void) | null;
  readonly log: (line: string) => void;
}

export class UploadsCoordinator {
  readonly #options: UploadsCoordinatorOptions;
  #running: Running | null = null;
  #switching: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(options: UploadsCoordinatorOptions) {
    this.#options = options;
  }

  /** Makes the workspace's uploader (again, if its address changed) and resumes its unfinished uploads. */
  activate(workspaceId: string): Promise<Uploader | null> {
    const next = this.#switching.then(() => this.#activate(workspaceId));
    this.#switching = next.catch(() => null);
    return next;
  }

  /** Checks the file and starts sending it; `settled` runs once the upload is over, however it ended. */
  async start(workspaceId: string, request: UploadRequest, settled?: () => void): Promise<{ uploadId: string }> {
    const running = this.#running;
    const current =
      running?.workspaceId === workspaceId && this.#options.http.currentLink(workspaceId) === running.link;
    const uploader = current ? running.uploader : await this.activate(workspaceId);
    if (!uploader) throw appFailure('sandbox.stopped', 'Clipdesk is shutting down: the file was not sent.');
    const handle = await uploader.upload(request);
    if (settled) void handle.done.then(settled, settled);
    this.#options.changed(workspaceId);
    return { uploadId: handle.id };
  }

  /** The workspace's uploads under way (to list, pause, resume or cancel). */
  underWay(workspaceId: string): UploadHandle[] {
    const running = this.#running;
    return running?.workspaceId === workspaceId ? running.uploader.active() : [];
  }

  openCount(workspaceId: string): number {
    const running = this.#running;
    return running?.workspaceId === workspaceId ? running.uploader.active().length : 0;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#switching;
    await this.#stop();
  }

  async #activate(workspaceId: string): Promise<Uploader | null> {
    if (this.#closed) return null;
    const { http, journal, events, log } = this.#options;
    const link = await http.link(workspaceId);
    const running = this.#running;
    if (running?.workspaceId === workspaceId && running.link === link) return running.uploader;
    await this.#stop();
    if (this.#closed) return null;
    const uploader = createUploader({ ...link, sessions: journal.uploads });
    const unsubscribe = uploader.subscribe((event: UploadEvent) => {
      events.emit(event.name, event.payload as never);
      if (event.name !== 'upload.progress') this.#options.changed(workspaceId);
    });
    this.#running = { workspaceId, link, uploader, unsubscribe };
    void uploader
      .resumeAll()
      .then((handles) => {
        for (const handle of handles) this.#cleanUpWhenOver(handle);
        if (handles.length > 0) this.#options.changed(workspaceId);
      })
      .catch((err: unknown) => log(`uploads: resuming unfinished uploads failed: ${String(err)}`));
    return uploader;
  }

  #cleanUpWhenOver(handle: UploadHandle): void {
    const session = this.#options.journal.uploads.get(handle.id);
    const cleanUp = session ? this.#options.resumedStagedFile(session.filePath) : null;
    cleanUp?.(handle.done);
  }

  async #stop(): Promise<void> {
    const running = this.#running;
    this.#running = null;
    if (!running) return;
    running.unsubscribe();
    await running.uploader.close();
  }
}
