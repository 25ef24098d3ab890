import { BaseModel } from './base.ts';

/** A browser subscribed to Web Push for a player (docs/api.md "Notifications"). */
export class PushSubscription extends BaseModel {
  static override tableName = 'push_subscriptions';
  id!: number;
  user_id!: number;
  endpoint!: string;
  endpoint_hash!: string;
  p256dh!: string;
  auth!: string;
  lang!: 'en' | 'sv';
  created_at!: Date;
  last_success_at!: Date | null;
}
