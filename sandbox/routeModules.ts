// The Create API's route modules after the core ones (discovery, keys, projects),
// in the order /openapi.json lists them. A new domain adds its module here.
import type { SandboxContext } from './context.ts';
import { assetRoutes } from './create/assets.ts';
import { brandRoutes } from './create/brands.ts';
import { deliveryLinkRoutes } from './create/deliveryLinks.ts';
import { exportRoutes } from './create/exports.ts';
import { generationRoutes } from './create/generations.ts';
import { modelRoutes } from './create/models.ts';
import { uploadRoutes } from './create/uploads.ts';
import { editorRoutes } from './editor/editorRoutes.ts';
import type { Route } from './http/route.ts';
import { mediaIntelligenceRoutes } from './production/mediaIntelligenceRoutes.ts';
import { templateRoutes } from './production/templateRoutes.ts';
import { webhookRoutes } from './webhooks/webhookRoutes.ts';

export const CREATE_ROUTE_MODULES: ((ctx: SandboxContext) => Route[])[] = [
  modelRoutes,
  assetRoutes,
  uploadRoutes,
  brandRoutes,
  deliveryLinkRoutes,
  generationRoutes,
  exportRoutes,
  editorRoutes,
  templateRoutes,
  mediaIntelligenceRoutes,
  webhookRoutes,
];
