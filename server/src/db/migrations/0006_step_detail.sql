-- Issue 11: what the current step is doing ("Writing notes: chunk 2 of 5"), for the meeting page.
ALTER TABLE "meetings" ADD COLUMN "step_detail" text;
