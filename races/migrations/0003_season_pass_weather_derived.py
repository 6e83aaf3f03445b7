"""Season Pass race snapshots keep the weather once: a fixed weather as `fixed_weather`, a variable
one as its score alone (the weather now is derived from it); the log length goes, the race's
seq counts the events."""

from django.db import migrations

from rules.season_pass import weather_for_score


def derive_weather(apps, schema_editor):
    Race = apps.get_model("races", "Race")
    for race in Race.objects.all():
        state = dict(race.state)
        if state.get("setup", {}).get("ruleset") != "season_pass" or "weather" not in state:
            continue
        weather = state.pop("weather")
        state["fixed_weather"] = weather if state.get("weather_score") is None else None
        state.pop("log_length", None)
        race.state = state
        race.save(update_fields=["state"])


def store_weather(apps, schema_editor):
    Race = apps.get_model("races", "Race")
    for race in Race.objects.all():
        state = dict(race.state)
        if state.get("setup", {}).get("ruleset") != "season_pass" or "weather" in state:
            continue
        score = state.get("weather_score")
        fixed = state.pop("fixed_weather", None)
        state["weather"] = fixed if score is None else weather_for_score(score).value
        state["log_length"] = race.seq
        race.state = state
        race.save(update_fields=["state"])


class Migration(migrations.Migration):
    dependencies = [("races", "0002_race_version")]

    operations = [migrations.RunPython(derive_weather, store_weather)]
