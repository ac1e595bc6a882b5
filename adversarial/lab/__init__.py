"""The lab: experiments with their spread, matches, the charts, and the Connect Four and
technique-ladder labs."""
