// The Media screen's requests (shared/ipc/media.ts): brands and attachments, previews and
// downloads (main/core/media), delivery links, and control of the uploads under way.
import type { ContractHandlers } from '../../../shared/ipc.ts';
import { DOWNLOAD_PATH_PREFIX } from '../media/assetDownloads.ts';
import type { MediaServices } from '../media/mediaServices.ts';
import { appFailure } from '../errors/appErrors.ts';
import type { UploadsCoordinator } from '../uploads/uploadsCoordinator.ts';
import type { WorkspaceRuntime } from '../workspace/workspaceRuntime.ts';

type MediaRequests =
  | 'media.brands'
  | 'media.brandAssets'
  | 'media.attachments'
  | 'media.attach'
  | 'media.preview'
  | 'media.download'
  | 'media.links'
  | 'media.createLink'
  | 'media.revokeLink'
  | 'uploads.list'
  | 'uploads.pause'
  | 'uploads.resume'
  | 'uploads.cancel';

/** A name the page and the file system both take: no folders, no control characters. */
export function downloadName(filename: string | undefined, assetId: number): string {
  const cleaned = [...(filename ?? '').replaceAll('\\', '/').split('/').pop()!]
    .map((c) => (c.charCodeAt(0) < 0x20 || '<>:"|?*'.includes(c) ? '_' : c))
    .join('')
    .replace(/^\.+/, '')
    .slice(-120);
  return cleaned || `asset-${assetId}`;
}

export interface MediaDeps {
  readonly mode: 'electron' | 'browser';
  readonly runtime: Pick<WorkspaceRuntime, 'activeId' | 'call'>;
  readonly uploads: Pick<UploadsCoordinator, 'underWay'>;
  readonly media: MediaServices;
}

export function mediaHandlers(deps: MediaDeps): Pick<ContractHandlers, MediaRequests> {
  const { runtime, uploads, media } = deps;
  const underWay = (uploadId: string) =>
    uploads.underWay(runtime.activeId()).find((handle) => handle.id === uploadId) ?? null;

  return {
    'media.brands': (query) => runtime.call((client) => client.brands.list(query)),
    'media.brandAssets': ({ brandId, ...query }) => runtime.call((client) => client.brands.assets(brandId, query)),
    'media.attachments': ({ projectId, ...query }) =>
      runtime.call((client) => client.attachments.list(projectId, query)),
    'media.attach': ({ projectId, assetId }) =>
      runtime.call(async (client) => (await client.attachments.attach(projectId, assetId)).data),

    'media.preview': ({ assetId }) => media.previews.preview(runtime.activeId(), assetId),

    async 'media.download'({ assetId }) {
      const workspaceId = runtime.activeId();
      const asset = await runtime.call(async (client) => (await client.assets.get(assetId)).data);
      const filename = downloadName(asset.filename, assetId);
      if (media.chooseSavePath) {
        const path = await media.chooseSavePath(filename);
        if (path === null) return { outcome: 'cancelled' };
        const { bytes } = await media.downloads.saveTo(workspaceId, assetId, path);
        return { outcome: 'saved', path, bytes };
      }
      if (deps.mode === 'electron')
        throw appFailure('feature.unavailable', 'This build of Clipdesk cannot ask where to save a file.');
      return {
        outcome: 'link',
        url: `${DOWNLOAD_PATH_PREFIX}${media.downloads.issue(workspaceId, assetId, filename)}`,
        filename,
      };
    },

    'media.links': ({ assetId, ...query }) =>
      runtime.call((client) => client.assets.deliveryLinks.list(assetId, query)),
    'media.createLink': ({ assetId, expiresInHours }) =>
      runtime.call(
        async (client) =>
          (await client.assets.deliveryLinks.create(assetId, expiresInHours === undefined ? {} : { expiresInHours }))
            .data,
      ),
    'media.revokeLink': ({ assetId, linkId }) =>
      runtime.call(async (client) => (await client.assets.deliveryLinks.revoke(assetId, linkId)).data),

    async 'uploads.list'() {
      return uploads.underWay(runtime.activeId()).map((handle) => handle.progress());
    },
    async 'uploads.pause'({ uploadId }) {
      return { paused: underWay(uploadId)?.pause() ?? false };
    },
    async 'uploads.resume'({ uploadId }) {
      const handle = underWay(uploadId);
      if (!handle || handle.progress().state !== 'paused') return { resumed: false };
      await handle.resume();
      return { resumed: true };
    },
    async 'uploads.cancel'({ uploadId }) {
      const handle = underWay(uploadId);
      if (!handle) return { cancelled: false };
      await handle.cancel();
      // Too late once every byte is sent: the service is already making the asset.
      return { cancelled: handle.progress().state === 'cancelled' };
    },
  };
}
