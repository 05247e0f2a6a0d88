import { describe, expect, it } from 'vitest';
import { filterMeetings } from './meeting-list-filters';
import type { MeetingSummary } from './meetings-api';

const meeting = (id: string, recordedAt: string, createdAt: string) => ({ id, title: id, status: 'completed', recordedAt, createdAt }) as MeetingSummary;

describe('meeting list order', () => {
  it('orders by when the meeting was held, not when it was uploaded', () => {
    const list = [
      meeting('uploaded-today-held-2025', '2025-09-15T15:00:00Z', '2026-11-23T12:00:00Z'),
      meeting('uploaded-earlier-held-2026', '2026-01-10T09:00:00Z', '2026-01-10T10:00:00Z'),
    ];
    const recent = filterMeetings(list, { search: '', status: 'all', sort: 'recent' }).map((m) => m.id);
    expect(recent).toEqual(['uploaded-earlier-held-2026', 'uploaded-today-held-2025']);
    const oldest = filterMeetings(list, { search: '', status: 'all', sort: 'oldest' }).map((m) => m.id);
    expect(oldest).toEqual(['uploaded-today-held-2025', 'uploaded-earlier-held-2026']);
  });
});
