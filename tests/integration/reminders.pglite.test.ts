import { describeReminders } from './reminders.shared';

describeReminders('pglite');
