// Runs main/core/uploads for the active workspace: one uploader over the workspace key's
// one rate budget, made when the workspace becomes active (resuming what the journal
// holds unfinished) and closed when another one does (resumable uploads then resume the
// next time). Its upload.* events go out on the domain events as they are, with
// `work.changed` when the uploads under way change and `upload.settled` when one is over.
import type { UploadEvent, UploadRequest } from '../../../shared/api/uploads.ts';
import type { Journal } from '../journal/journal.ts';
import { createUploader, type Uploader } from './uploader.ts';
import type { UploadHandle } from './uploadHandle.ts';
import { appFailure } from '../errors/appErrors.ts';
import type { DomainEvents } from '../lifecycle/domainEvents.ts';
import type { WorkspaceHttp, WorkspaceLink } from '../workspace/workspaceHttp.ts';

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
  readonly events: Pick<DomainEvents, 'emit'>;
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

  /** Checks the file and starts sending it; `upload.settled` tells when it is over, however it ended. */
  async start(workspaceId: string, request: UploadRequest): Promise<{ uploadId: string }> {
    const running = this.#running;
    const current =
      running?.workspaceId === workspaceId && this.#options.http.currentLink(workspaceId) === running.link;
    const uploader = current ? running.uploader : await this.activate(workspaceId);
    if (!uploader) throw appFailure('sandbox.stopped', 'Clipdesk is shutting down: the file was not sent.');
    const handle = await uploader.upload(request);
    this.#announceWhenOver(workspaceId, handle, request.path);
    this.#changed(workspaceId);
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
      if (event.name !== 'upload.progress') this.#changed(workspaceId);
    });
    this.#running = { workspaceId, link, uploader, unsubscribe };
    void uploader
      .resumeAll()
      .then((handles) => {
        for (const handle of handles) {
          const session = journal.uploads.get(handle.id);
          if (session) this.#announceWhenOver(workspaceId, handle, session.filePath);
        }
        if (handles.length > 0) this.#changed(workspaceId);
      })
      .catch((err: unknown) => log(`uploads: resuming unfinished uploads failed: ${String(err)}`));
    return uploader;
  }

  #announceWhenOver(workspaceId: string, handle: UploadHandle, filePath: string): void {
    const settled = () => this.#options.events.emit('upload.settled', { workspaceId, filePath });
    void handle.done.then(settled, settled);
  }

  #changed(workspaceId: string): void {
    this.#options.events.emit('work.changed', { workspaceId });
  }

  async #stop(): Promise<void> {
    const running = this.#running;
    this.#running = null;
    if (!running) return;
    running.unsubscribe();
    await running.uploader.close();
  }
}
