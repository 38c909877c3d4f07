// A match's two clocks between the server's states: the port of client/common/clock_view.py.
//
// The server owns the time (docs/protocol.md §11): each `state` carries both remaining
// times as of its sending and the seat whose clock runs. The page counts that clock
// down from the moment the state arrived and takes the next state's figures as they
// come; it never decides that a flag fell. Times are performance.now() milliseconds.

import { t } from "./words.js";

// A clock is low on time below an eighth of its initial time, but at least 10 s and at
// most a minute before the flag, and never with more than a sixth of a clock under a
// minute left: client/common/clock_view.py's low_time_threshold (1+0: 10 s, 3+2: 22.5 s).
const LOW_TIME_SHARE = 1 / 8;
const LOW_TIME_FLOOR = 10;
const LOW_TIME_CEILING = 60;
const LOW_TIME_MOST = 1 / 6;
const TENTHS_BELOW = 10; // under this many seconds a clock shows tenths (9.4)

/** '1:02:03' from an hour, '4:59' down to ten seconds, then '9.4' (rounded down). */
function formatClock(seconds) {
  if (seconds < TENTHS_BELOW) {
    const tenths = Math.max(0, Math.floor(seconds * 10 + 1e-9));
    return `${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const whole = Math.floor(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

/** A time control in words: '5 min +3s', '1 min', '90 s' (the window's clock_words). */
export function clockWords(clock) {
  return t("clock-words", { unit: clock.initial % 60 === 0 ? "minutes" : "seconds",
    minutes: clock.initial / 60, seconds: clock.initial, increment: clock.increment });
}

export class Clocks {
  /** The clocks of `state` received at `received` (ms); null when the match has none. */
  static of(state, received) {
    return state && state.clock ? new Clocks(state.clock, received) : null;
  }

  constructor(clock, received) {
    this.clock = clock;
    this.received = received;
  }

  /** Seconds left to `seat` at `now`: the running clock counts down, never below 0. */
  left(seat, now) {
    const c = this.clock;
    if (seat !== c.running) return c.remaining[seat];
    return Math.max(0, c.remaining[seat] - Math.max(0, now - this.received) / 1000);
  }

  text(seat, now) {
    return formatClock(this.left(seat, now));
  }

  /** Whether `seat` is low on time (its player is warned). */
  low(seat, now) {
    const initial = this.clock.initial;
    const scaled = Math.max(LOW_TIME_FLOOR, initial * LOW_TIME_SHARE);
    return this.left(seat, now) < Math.min(LOW_TIME_CEILING, scaled, initial * LOW_TIME_MOST);
  }

  /** Milliseconds until the running clock's text changes (null: none runs, or it reads
   * 0.0 until the server's next state), so the page redraws only when it must. */
  nextChange(now) {
    const running = this.clock.running;
    if (running === null || running === undefined) return null;
    const left = this.left(running, now);
    if (left <= 0) return null;
    const step = left >= TENTHS_BELOW ? 1 : 0.1;
    const shown = Math.floor(left / step + 1e-9) * step;
    return shown <= 0 ? null : (left - shown) * 1000;
  }
}
