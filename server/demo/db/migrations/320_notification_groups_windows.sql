-- Notification groups and recurring silences (maintenance windows).
--
-- Groups follow the upstream model: a rule with `group_by` gathers the sends whose resources
-- share the same group key (its hash) into one `notification_groups` row per rule, reused while
-- it is younger than the rule's `group_by_interval`; every resource that joined is a row of
-- `notification_group_resources` (`resolved_at` set when it left the group). The sends of the
-- group carry its id in `notification_send_history.group_id`.
--
-- A silence recurs when it has a `schedule`: a five-field cron expression (minute hour
-- day-of-month month day-of-week; `*`, numbers, `a-b` ranges, `/n` steps and `,` lists; day of
-- week 0-7 with 0 and 7 both Sunday) read in `timezone` (an IANA zone, UTC when null). Each
-- time the schedule fires a window opens for `duration` (a duration such as `2h`, `90m`,
-- `1h30m`, `45s`). `from` and `until` still bound when the silence applies at all; inside them
-- the silence mutes sends only inside a window. A silence without a schedule is unchanged.
-- (The three columns are in the table's definition, 120_notifications.sql; their checks, which
-- need the functions below, are here.)

CREATE TABLE notification_groups (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  hash text NOT NULL,
  notification_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notification_groups_pkey PRIMARY KEY (id),
  CONSTRAINT notification_groups_notification_id_fkey FOREIGN KEY (notification_id)
    REFERENCES notifications (id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX notification_groups_notification_id_idx ON notification_groups (notification_id);
CREATE INDEX notification_groups_hash_notification_id_idx ON notification_groups (hash, notification_id);

CREATE TABLE notification_group_resources (
  group_id uuid NOT NULL,
  config_id uuid,
  check_id uuid,
  component_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  resolved_at timestamptz,
  CONSTRAINT notification_group_resources_group_id_fkey FOREIGN KEY (group_id)
    REFERENCES notification_groups (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT notification_group_resources_config_id_fkey FOREIGN KEY (config_id)
    REFERENCES config_items (id) ON DELETE CASCADE,
  CONSTRAINT notification_group_resources_check_id_fkey FOREIGN KEY (check_id)
    REFERENCES checks (id) ON DELETE CASCADE,
  CONSTRAINT notification_group_resources_component_id_fkey FOREIGN KEY (component_id)
    REFERENCES components (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX unique_notification_group_resources_unresolved
  ON notification_group_resources (group_id, config_id, check_id, component_id) NULLS NOT DISTINCT
  WHERE resolved_at IS NULL;
CREATE INDEX notification_send_history_group_id_idx ON notification_send_history (group_id)
  WHERE group_id IS NOT NULL;

-- The values one cron field allows, between lo and hi; raises on a field it cannot read.
CREATE FUNCTION cron_field_values(field text, lo integer, hi integer) RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  part text;
  m text[];
  first integer;
  last integer;
  step integer;
  out integer[] := '{}';
BEGIN
  IF field IS NULL OR field = '' THEN
    RAISE EXCEPTION 'invalid schedule: empty field';
  END IF;
  FOREACH part IN ARRAY string_to_array(field, ',') LOOP
    m := regexp_match(part, '^(\*|(\d+)(-(\d+))?)(/(\d+))?$');
    IF m IS NULL THEN
      RAISE EXCEPTION 'invalid schedule: cannot read "%"', part;
    END IF;
    IF m[1] = '*' THEN
      first := lo;
      last := hi;
    ELSE
      first := m[2]::integer;
      last := CASE WHEN m[4] IS NULL THEN (CASE WHEN m[6] IS NULL THEN first ELSE hi END)
                   ELSE m[4]::integer END;
    END IF;
    step := COALESCE(m[6]::integer, 1);
    IF first < lo OR last > hi OR first > last OR step < 1 THEN
      RAISE EXCEPTION 'invalid schedule: "%" is outside %-%', part, lo, hi;
    END IF;
    out := out || ARRAY(SELECT generate_series(first, last, step));
  END LOOP;
  RETURN out;
END;
$$;

-- A duration such as `2h`, `1h30m`, `90m`, `45s` (also `d` for days) as an interval.
CREATE FUNCTION duration_interval(duration text) RETURNS interval
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  total interval := '0';
  m text[];
BEGIN
  IF duration IS NULL OR duration !~ '^(\d+(\.\d+)?(d|h|m|s))+$' THEN
    RAISE EXCEPTION 'invalid duration: "%" (expected e.g. 2h, 90m, 1h30m)', duration;
  END IF;
  FOR m IN SELECT regexp_matches(duration, '(\d+(?:\.\d+)?)(d|h|m|s)', 'g') LOOP
    total := total + m[1]::numeric * CASE m[2]
      WHEN 'd' THEN interval '1 day' WHEN 'h' THEN interval '1 hour'
      WHEN 'm' THEN interval '1 minute' ELSE interval '1 second' END;
  END LOOP;
  IF total <= interval '0' THEN
    RAISE EXCEPTION 'invalid duration: "%" is not positive', duration;
  END IF;
  RETURN total;
END;
$$;

-- The times a schedule fires in [since, until), read in the time zone (UTC when null), in order.
-- Day of month and day of week combine as cron does: when both are restricted, either matches.
CREATE FUNCTION cron_starts(schedule text, timezone text, since timestamptz, until timestamptz)
RETURNS SETOF timestamptz LANGUAGE plpgsql STABLE AS $$
DECLARE
  fields text[] := regexp_split_to_array(btrim(schedule), '\s+');
  zone text := COALESCE(NULLIF(timezone, ''), 'UTC');
  minutes integer[];
  hours integer[];
  doms integer[];
  months integer[];
  dows integer[];
  dom_any boolean;
  dow_any boolean;
BEGIN
  IF schedule IS NULL OR array_length(fields, 1) <> 5 THEN
    RAISE EXCEPTION 'invalid schedule: "%" (expected five fields: minute hour day month weekday)', schedule;
  END IF;
  PERFORM now() AT TIME ZONE zone;
  minutes := cron_field_values(fields[1], 0, 59);
  hours := cron_field_values(fields[2], 0, 23);
  doms := cron_field_values(fields[3], 1, 31);
  months := cron_field_values(fields[4], 1, 12);
  dows := ARRAY(SELECT DISTINCT v % 7 FROM unnest(cron_field_values(fields[5], 0, 7)) v);
  dom_any := fields[3] = '*';
  dow_any := fields[5] = '*';
  RETURN QUERY
  SELECT s.at FROM (
    SELECT (d.day + make_interval(hours => h, mins => mi)) AT TIME ZONE zone AS at
    FROM generate_series(
      ((since AT TIME ZONE zone)::date - 1)::timestamp,
      ((until AT TIME ZONE zone)::date + 1)::timestamp,
      interval '1 day'
    ) AS d(day)
    CROSS JOIN unnest(hours) AS h
    CROSS JOIN unnest(minutes) AS mi
    WHERE extract(month FROM d.day)::integer = ANY(months)
      AND CASE
        WHEN dom_any AND dow_any THEN true
        WHEN dom_any THEN extract(dow FROM d.day)::integer = ANY(dows)
        WHEN dow_any THEN extract(day FROM d.day)::integer = ANY(doms)
        ELSE extract(dow FROM d.day)::integer = ANY(dows)
          OR extract(day FROM d.day)::integer = ANY(doms)
      END
  ) s
  WHERE s.at >= since AND s.at < until
  ORDER BY s.at;
END;
$$;

-- Whether a window of the schedule is open at `at`: it fired in (at - duration, at].
CREATE FUNCTION schedule_window_open(schedule text, timezone text, duration text, at timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM cron_starts(schedule, timezone, at - duration_interval(duration), at + interval '1 microsecond')
  )
$$;

-- The last window that opened at or before `at` (it may still be open) and the next one that
-- opens after it, looking one year back and ahead; nulls when there is none.
CREATE FUNCTION schedule_windows(schedule text, timezone text, duration text, at timestamptz)
RETURNS TABLE (last_start timestamptz, last_end timestamptz, next_start timestamptz, next_end timestamptz)
LANGUAGE sql STABLE AS $$
  WITH span AS (SELECT duration_interval(duration) AS length),
  last AS (
    SELECT max(s) AS start FROM cron_starts(schedule, timezone, at - interval '366 days', at + interval '1 microsecond') s
  ),
  next AS (
    SELECT min(s) AS start FROM cron_starts(schedule, timezone, at + interval '1 microsecond', at + interval '366 days') s
  )
  SELECT last.start, last.start + span.length, next.start, next.start + span.length
  FROM span, last, next
$$;

-- True for a recurrence the functions above can apply; raises naming the problem otherwise.
CREATE FUNCTION schedule_is_valid(schedule text, timezone text, duration text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM duration_interval(duration);
  PERFORM count(*) FROM cron_starts(schedule, timezone, now(), now());
  RETURN true;
END;
$$;

-- A silence recurs with a schedule and a duration together, both readable (also when written
-- through /api/db), so that the dispatcher can always evaluate its silences.
ALTER TABLE notification_silences
  ADD CONSTRAINT notification_silences_recurrence_check CHECK (
    (schedule IS NULL AND duration IS NULL AND timezone IS NULL)
    OR (schedule IS NOT NULL AND duration IS NOT NULL
        AND schedule_is_valid(schedule, timezone, duration))
  );

-- The silences with their windows, as the silences page lists them: every column of
-- notification_silences, then `in_window` (a recurring silence's window is open now; null for
-- a silence without a schedule), `last_window_start`/`last_window_end` and
-- `next_window_start`/`next_window_end` (the next window that opens before `until`).
CREATE VIEW notification_silences_summary AS
SELECT
  s.*,
  CASE WHEN s.schedule IS NOT NULL THEN w.last_end > now() END AS in_window,
  w.last_start AS last_window_start,
  w.last_end AS last_window_end,
  CASE WHEN s.until IS NULL OR w.next_start < s.until THEN w.next_start END AS next_window_start,
  CASE WHEN s.until IS NULL OR w.next_start < s.until THEN w.next_end END AS next_window_end
FROM notification_silences s
LEFT JOIN LATERAL (
  SELECT * FROM schedule_windows(s.schedule, s.timezone, s.duration, now())
  WHERE s.schedule IS NOT NULL
) w ON true;

-- Every group with its rule, the send that went out for it and its members (the resources that
-- joined, with their names and whether they left the group).
CREATE VIEW notification_groups_summary AS
SELECT
  g.id,
  g.notification_id,
  g.hash,
  g.created_at,
  n.name AS notification_name,
  (SELECT h.id FROM notification_send_history h
    WHERE h.group_id = g.id AND h.status = 'sent' ORDER BY h.created_at, h.id LIMIT 1) AS send_id,
  (SELECT count(*) FROM notification_group_resources r
    WHERE r.group_id = g.id AND r.resolved_at IS NULL)::integer AS member_count,
  COALESCE((
    SELECT jsonb_agg(jsonb_build_object(
      'id', COALESCE(r.config_id, r.component_id, r.check_id),
      'kind', CASE WHEN r.config_id IS NOT NULL THEN 'config'
                   WHEN r.component_id IS NOT NULL THEN 'component' ELSE 'check' END,
      'name', COALESCE(ci.name, co.name, ck.name),
      'type', COALESCE(ci.type, co.type, ck.type),
      'joined_at', r.created_at,
      'resolved_at', r.resolved_at
    ) ORDER BY r.created_at, COALESCE(ci.name, co.name, ck.name))
    FROM notification_group_resources r
    LEFT JOIN config_items ci ON ci.id = r.config_id
    LEFT JOIN components co ON co.id = r.component_id
    LEFT JOIN checks ck ON ck.id = r.check_id
    WHERE r.group_id = g.id
  ), '[]'::jsonb) AS members
FROM notification_groups g
JOIN notifications n ON n.id = g.notification_id;
