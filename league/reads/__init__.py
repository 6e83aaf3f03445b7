"""What the league's pages show, read from the models: standings, records, dice luck, the title
race, charts' data, the round panel, the page parts kept ready, the calendar feed, and lists a page
at a time (docs/architecture.md, "Where a change goes")."""
