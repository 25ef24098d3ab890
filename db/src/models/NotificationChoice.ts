import type { NotificationChannel, NotificationKind } from '@ecup/domain';
import { BaseModel } from './base.ts';

/** One player's choice for one kind on one channel; a kind without a row is off. */
export class NotificationChoice extends BaseModel {
  static override tableName = 'notification_choices';
  static override get idColumn() {
    return ['user_id', 'channel', 'kind'];
  }
  user_id!: number;
  channel!: NotificationChannel;
  kind!: NotificationKind;
  enabled!: boolean;
  updated_at!: Date;
}
