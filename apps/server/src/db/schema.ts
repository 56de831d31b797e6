import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Plan, Role } from '@behavio/contract';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface FirmsTable {
  id: Generated<string>;
  name: string;
  business_name: string;
  employee_count: number;
  plan: ColumnType<Plan, Plan | undefined, Plan>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<string>;
  firm_id: string;
  role: Role;
  name: string;
  email: string;
  password_hash: string;
  verified_at: Date | null;
  credits: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

export interface EmailVerificationsTable {
  user_id: string;
  code_hash: string;
  expires_at: Date;
  attempts: ColumnType<number, number | undefined, number>;
  sent_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface RateLimitHitsTable {
  key: string;
  window_start: Date;
  hits: number;
}

export interface Database {
  firms: FirmsTable;
  users: UsersTable;
  email_verifications: EmailVerificationsTable;
  rate_limit_hits: RateLimitHitsTable;
}

export type FirmRow = Selectable<FirmsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
