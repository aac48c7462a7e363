import { authRoutes } from './auth';
import { batchRoutes } from './batches';
import { companyRoutes } from './companies';
import { companyUserRoutes } from './company-users';
import { deviceRoutes } from './devices';
import { enclosureUpdateRoutes } from './enclosure-updates';
import { inviteTokenRoutes } from './invite-token';
import { inviteRoutes } from './invites';
import { jigRoutes } from './jig';
import { lookupRoutes } from './lookups';
import { manageDeviceRoutes } from './manage-devices';
import { manufacturerRoutes } from './manufacturers';
import { openApiRoutes } from './openapi';
import { projectRoutes } from './projects';
import { releaseBatchRoutes } from './release-batches';
import { statisticsRoutes } from './statistics';
import { userRoutes } from './users';

/** Every route file of the v1 API, in the order the description lists them. */
export const ROUTES = [
  openApiRoutes,
  authRoutes,
  jigRoutes,
  lookupRoutes,
  companyRoutes,
  companyUserRoutes,
  userRoutes,
  projectRoutes,
  manufacturerRoutes,
  batchRoutes,
  deviceRoutes,
  manageDeviceRoutes,
  statisticsRoutes,
  releaseBatchRoutes,
  inviteRoutes,
  inviteTokenRoutes,
  enclosureUpdateRoutes,
];
