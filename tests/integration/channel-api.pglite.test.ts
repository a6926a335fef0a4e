import { describeChannelApi } from './channel-api.shared';

describeChannelApi('pglite');
