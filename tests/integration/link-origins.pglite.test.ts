import { describeLinkOrigins } from './link-origins.shared';

describeLinkOrigins('pglite');
