import { describeLinkOrigins } from './link-origins.shared';

describeLinkOrigins('postgres');
