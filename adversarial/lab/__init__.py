"""The lab: experiments with their spread, matches, the charts, and the Connect Four and
technique-ladder labs; progress bars for the long ones, and (``ahead``) the longest ones' results written down
for the in-browser edition."""
