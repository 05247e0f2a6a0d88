-- Jobs a worker process is running, with its heartbeat. A worker that dies (SIGKILL, a lost
-- machine) stops beating; any live worker then fails its jobs through pg-boss so they are
-- retried at once instead of waiting hours for pg-boss's expiry.
CREATE TABLE IF NOT EXISTS "job_leases" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"worker_id" uuid NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_leases_heartbeat_idx" ON "job_leases" ("heartbeat_at");
