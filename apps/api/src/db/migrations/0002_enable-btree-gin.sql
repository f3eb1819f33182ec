-- Lets one GIN index hold the tenant columns next to the search text's trigrams, so a search
-- reads only the branch's matches instead of every company's.
CREATE EXTENSION IF NOT EXISTS btree_gin;
