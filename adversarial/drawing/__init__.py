"""Drawing: Graphviz pictures of trees and searches (render), the layout program (dot, dot_browser)
and the themes."""
