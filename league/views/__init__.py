"""The league pages, by area: a module an area (leagues, tracks, teams, drivers, seasons,
rounds, starts, results, members, exports), each view parsing the request, calling a service
and rendering; common.py holds what they share, and the one way every write is answered."""
