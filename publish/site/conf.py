# Sphinx configuration of the reading site (make site). tools/publish/make_site.py copies this file next to the
# reader's edition of the notebooks and runs sphinx-build; nothing is executed and nothing is downloaded.
project = "Adversarial search"
author = "the adversarial-search-lessons authors"
copyright = "the adversarial-search-lessons authors; lessons CC BY 4.0, code MIT"

extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.napoleon"]   # autodoc: the API reference pages
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
napoleon_google_docstring = True
nb_execution_mode = "off"                 # the stored outputs are shown as they are
nb_merge_streams = True
myst_enable_extensions = ["colon_fence"]
exclude_patterns = ["_build", "jupyter_execute", "**.ipynb_checkpoints"]
suppress_warnings = ["myst.header", "mystnb.unknown_mime_type"]

html_theme = "sphinx_book_theme"
html_title = "Adversarial search"
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_theme_options = {
    "show_navbar_depth": 1,
    "show_toc_level": 2,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "home_page_in_toc": True,
    "navbar_persistent": [],              # the sidebar has the search box: no second one in a header bar
}
html_context = {"default_mode": "auto"}   # light or dark as the reader's system says (unset, the theme logs an error)
html_show_sourcelink = False
html_copy_source = False
