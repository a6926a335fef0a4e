import { describeLinkPages } from './link-pages.shared';

describeLinkPages('postgres');
