import { describeReminders } from './reminders.shared';

describeReminders('postgres');
