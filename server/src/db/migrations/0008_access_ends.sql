-- Access that ends wherever it is ended (better-auth's leave and remove-member, a team or
-- user deleted, a session signed out, revoked or expired by a password change), so these
-- rules hold for every path, including better-auth's own endpoints that run no hook.

-- A member who leaves a team (or is removed) takes their own meetings with them: the
-- shares they made to that team end. Nothing of the owner's or other members' changes.
-- Open event streams re-check: of the meetings whose share ended, and of the member.
CREATE OR REPLACE FUNCTION minutes_member_left() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ended record;
BEGIN
	FOR ended IN
		DELETE FROM meeting_shares s
		WHERE s.team_id = OLD.organization_id
			AND (s.shared_by = OLD.user_id OR s.meeting_id IN (SELECT m.id FROM meetings m WHERE m.user_id = OLD.user_id))
		RETURNING s.meeting_id
	LOOP
		PERFORM pg_notify('meeting_events', json_build_object('type', 'changed', 'meetingId', ended.meeting_id)::text);
	END LOOP;
	PERFORM pg_notify('meeting_events', json_build_object('type', 'access-changed', 'userId', OLD.user_id)::text);
	RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_left AFTER DELETE ON "member" FOR EACH ROW EXECUTE FUNCTION minutes_member_left();
--> statement-breakpoint
-- A role change (e.g. member → guest) changes what open streams may do.
CREATE OR REPLACE FUNCTION minutes_member_role_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('meeting_events', json_build_object('type', 'access-changed', 'userId', NEW.user_id)::text);
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_role_changed AFTER UPDATE OF role ON "member" FOR EACH ROW
	WHEN (OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION minutes_member_role_changed();
--> statement-breakpoint
-- A session that ends (sign-out, revoked, other sessions ended on a password change, the
-- user deleted) closes the event streams it opened.
CREATE OR REPLACE FUNCTION minutes_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('meeting_events', json_build_object('type', 'session-ended', 'sessionId', OLD.id)::text);
	RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_ended AFTER DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION minutes_session_ended();
