-- release gate: every-line-moved
-- From this release the shared database serves no line of credit: each line's
-- servicing run, postings and reads are its Durable Object's, and nothing moves
-- a line out of this database any more (decision record 032). A line still
-- here would be neither serviced nor moved, so the release waits for the last
-- one. The scheduled move's cursor goes with the move.
DELETE FROM `settings` WHERE `key` = 'line_move_cursor';
